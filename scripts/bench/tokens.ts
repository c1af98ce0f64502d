/**
 * Benchmark 1, tokens per question: each scripted question runs through the real ask path (mentions, injected
 * interfaces, prompt assembly, the tool loop, tool-result formatting, the real SDK) against the Messages API
 * stand-in; every request body it sends is tokenized. Baselines: paste the whole journal; paste the BM25 top 20.
 * The same questions are then played through the MCP server (tokens-mcp.ts), counted on what its client receives.
 */
import { isDeepStrictEqual } from 'node:util';
import Anthropic from '@anthropic-ai/sdk';
import { DEFAULT_MODEL } from '../../src/config/config.ts';
import { createConversationStore } from '../../src/db/conversation-store.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { createQuestions } from '../../src/llm/ask.ts';
import { storedConversationSchemas } from '../../src/llm/conversation.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { startMessagesApiStandIn } from '../../test/stand-ins/messages-api.ts';
import { bm25Top, pasteAllRequestTokens, pasteAllTokens, type PasteAll } from './paste.ts';
import { buildQuestions, type Question } from './questions.ts';
import { Results, standInTurns } from './script.ts';
import { countTokens, requestTokens } from './tokenizer.ts';
import { BENCH_OWNER_ID } from './journal-db.ts';
import { findAnchors, openTruthDb, type Anchors, type TruthDb } from './truth-db.ts';
import { runMcpQuestions, type McpTokens } from './tokens-mcp.ts';
import { instantOnDay } from '../../src/journal/dates/local-moment.ts';

/** Cache reads cost a tenth of fresh input. */
export const CACHE_READ_PRICE = 0.1;

export interface QuestionTokens {
  id: string;
  kind: Question['kind'];
  text: string;
  /** Tool calls made, and API requests sent. */
  calls: number;
  requests: number;
  /** The largest single request. */
  peak: number;
  /** Summed over every request of the loop. */
  total: number;
  /** The same, with the system+tools prefix read from cache (at 10 %) on every request after the first. */
  totalCached: number;
  /** The first request's question turn: injected interface(s) and the question. */
  questionTurn: number;
  correct: boolean;
  answer: unknown;
  truth: unknown;
  errors: string[];
  pasteAll: number;
  bm25: number;
  bm25Query: string | null;
  /** Entries the BM25 query returned (at most 20; none when no entry has its words). */
  bm25Retrieved: number;
  /** Whether the 20 retrieved entries include every entry the answer rests on. */
  bm25CanAnswer: boolean;
  needed: number;
}

/** Where the first request's fixed tokens go: each tool definition, and each line of the question turn's context. */
export interface OverheadPart {
  part: string;
  tokens: number;
}

export interface SizeTokens {
  size: number;
  anchors: Anchors;
  /** System prompt and tool definitions: the cacheable prefix of every request. */
  system: number;
  tools: number;
  paste: PasteAll;
  questions: QuestionTokens[];
  overhead: OverheadPart[];
  /** The same questions through `npm run mcp`'s server; absent in results saved before that path existed. */
  mcp?: McpTokens;
}

/** A repeatable UUID-shaped id source, so handle ids (and their tokens) are the same every run. */
export function repeatableIds(): () => string {
  let n = 0;
  return () => {
    const hex = (++n).toString(16).padStart(12, '0');
    return `00000000-0000-4000-8000-${hex}`;
  };
}

interface AskSetup {
  db: ReturnType<typeof openDatabase>;
  anchors: Anchors;
  newId: () => string;
}

/** The real question path for one owner, its client pointed at a stand-in that plays this question's script. */
function questionsOn(apiUrl: string, s: AskSetup) {
  const at = () => instantOnDay(s.anchors.today, '12:00', 'UTC');
  return createQuestions({
    client: new Anthropic({ apiKey: 'bench', baseURL: apiUrl, maxRetries: 0 }),
    model: DEFAULT_MODEL,
    operationsFor: (ownerId) => createJournalOperations(s.db, ownerId, { newId: s.newId, clock: at }),
    conversations: createConversationStore(s.db, storedConversationSchemas),
    clock: at,
    today: () => s.anchors.today,
    logger: createMemoryLogger(),
  });
}

export async function runTokensForJournal(file: string, size: number): Promise<SizeTokens> {
  const db = openDatabase(file);
  const truth = openTruthDb(file, BENCH_OWNER_ID);
  try {
    // Handles and conversations from an earlier run would change ids and history; start clean.
    await db.deleteFrom('object_handle').execute();
    await db.deleteFrom('conversation').execute();
    const setup: AskSetup = { db, anchors: findAnchors(truth), newId: repeatableIds() };
    const paste = pasteAllTokens(truth.raw, BENCH_OWNER_ID);
    const out: QuestionTokens[] = [];
    let prefix = { system: 0, tools: 0 };
    let overhead: OverheadPart[] = [];
    const questions = buildQuestions(setup.anchors);
    for (const q of questions) {
      const measured = await runQuestion(q, setup, truth, paste);
      out.push(measured.result);
      prefix = measured.prefix;
      if (overhead.length === 0) overhead = measured.overhead;
    }
    const mcpSetup = {
      db,
      ownerId: BENCH_OWNER_ID,
      today: setup.anchors.today,
      newId: setup.newId,
      cacheReadPrice: CACHE_READ_PRICE,
    };
    const mcp = await runMcpQuestions(
      questions,
      { ...mcpSetup, judge: (q, r, errors, t) => scriptedAnswer(q, r, errors, t).correct },
      truth,
    );
    return { size, anchors: setup.anchors, ...prefix, paste, questions: out, overhead, mcp };
  } finally {
    truth.close();
    await db.destroy();
  }
}

/** The value the script's answer states, the SQL truth, and whether they agree (no errors on the way). */
function scriptedAnswer(
  q: Question,
  results: Results,
  errors: string[],
  truth: TruthDb,
): { answer: unknown; expected: unknown; correct: boolean } {
  let answer: unknown;
  try {
    answer = q.answer(results);
  } catch (error) {
    errors.push(`answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const expected = q.truth(truth);
  return {
    answer,
    expected,
    correct: errors.length === 0 && (q.agrees ? q.agrees(answer, expected) : isDeepStrictEqual(answer, expected)),
  };
}

async function runQuestion(q: Question, setup: AskSetup, truth: TruthDb, paste: PasteAll) {
  const api = await startMessagesApiStandIn();
  const results = new Results();
  const errors: string[] = [];
  try {
    api.script(...standInTurns(q.steps, results));
    const outcome = await questionsOn(api.url, setup).ask(BENCH_OWNER_ID, q.text);
    if (outcome.type !== 'answer') errors.push(`ask ended as ${outcome.type}: ${outcome.text}`);
    if (api.remaining() > 0) errors.push(`${api.remaining()} scripted turns were not used`);
  } finally {
    await api.close();
  }
  errors.unshift(...results.errors);
  const counted = api.requests.map((r) => requestTokens(r.body as Parameters<typeof requestTokens>[0]));
  const first = counted[0] ?? { system: 0, tools: 0, messages: 0, total: 0 };
  const prefixPrice = (i: number) => (i === 0 ? 1 : CACHE_READ_PRICE);
  const { answer, expected, correct } = scriptedAnswer(q, results, errors, truth);
  const needed = q.needed(truth);
  const retrieval = bm25Top(truth.raw, BENCH_OWNER_ID, q.text);
  const retrieved = new Set(retrieval.ids);
  const result: QuestionTokens = {
    id: q.id,
    kind: q.kind,
    text: q.text,
    calls: results.turns.reduce((n, t) => n + t.length, 0),
    requests: api.requests.length,
    peak: Math.max(0, ...counted.map((c) => c.total)),
    total: counted.reduce((s, c) => s + c.total, 0),
    totalCached: counted.reduce((s, c, i) => s + (c.system + c.tools) * prefixPrice(i) + c.messages, 0),
    questionTurn: first.messages,
    correct,
    answer,
    truth: expected,
    errors,
    pasteAll: pasteAllRequestTokens(paste, q.text),
    bm25: retrieval.tokens,
    bm25Query: retrieval.query,
    bm25Retrieved: retrieval.ids.length,
    bm25CanAnswer: needed.length <= retrieval.ids.length && needed.every((e) => retrieved.has(e.id)),
    needed: needed.length,
  };
  return { result, prefix: { system: first.system, tools: first.tools }, overhead: overheadOf(api.requests[0]?.body) };
}

/** The first request's fixed parts: every tool, then the context block of the question turn line by line (methods by name). */
function overheadOf(body: Record<string, any> | undefined): OverheadPart[] {
  if (!body) return [];
  const tools = (body.tools ?? []).map((t: any) => ({
    part: `tool ${t.name}`,
    tokens: requestTokens({ tools: [t], messages: [] }).tools,
  }));
  const content = body.messages?.[0]?.content;
  const context: string = Array.isArray(content) && content.length > 1 ? (content[0]?.text ?? '') : '';
  const lines = context.split('\n').filter((l) => l.trim() !== '');
  const label = (line: string) => {
    const method = /^- (\w+)\(/.exec(line)?.[1];
    if (method) return `interface: method ${method}`;
    const head = /^([A-Z][\w ]*?):/.exec(line)?.[1];
    return head ? `interface: ${head}` : `context: ${line.slice(0, 40)}`;
  };
  return [...tools, ...lines.map((line) => ({ part: label(line), tokens: countTokens(line) }))];
}
