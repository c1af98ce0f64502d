/**
 * Benchmark 5, questions that need reading: each runs through the real ask path (the April-view script, then ask on
 * the view, through the real reader with its map and reduce) against the Messages API stand-in, on a journal with
 * planted facts. Measured: the main loop's peak context, the reader's calls and tokens, and, on the recorded requests,
 * that the reader read every entry of the view exactly once and nothing outside it. Baselines: paste the whole
 * journal, paste just the view, page through it with getEntries.
 */
import Anthropic from '@anthropic-ai/sdk';
import { DEFAULT_MODEL, DEFAULT_READER_MODEL } from '../../src/config/config.ts';
import { createConversationStore } from '../../src/db/conversation-store.ts';
import { storedConversationSchemas } from '../../src/llm/conversation.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { createQuestions } from '../../src/llm/ask.ts';
import { createEntryReader } from '../../src/llm/entry-reader.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { startMessagesApiStandIn, type RecordedRequest } from '../../test/stand-ins/messages-api.ts';
import { BENCH_OWNER_ID } from './journal-db.ts';
import { pasteAllRequestTokens, pasteAllTokens } from './paste.ts';
import { factsStated, plantFacts, type PlantedFact } from './planted-facts.ts';
import { buildReadingQuestions, type ReadingQuestion } from './reading-questions.ts';
import { pagingCost, pasteViewTokens, tokensOfTexts, viewEntries, type Paging } from './reading-baselines.ts';
import { Results, standInTurns } from './script.ts';
import { countTokens, requestTokens } from './tokenizer.ts';
import { findAnchors, openTruthDb, type Anchors } from './truth-db.ts';
import { repeatableIds } from './tokens.ts';
import { instantOnDay } from '../../src/journal/dates/local-moment.ts';

/** The benchmark lifts ask's entry cap so a year of the biggest journal is read whole (the default refuses it, saying how to narrow). */
export const BENCH_ASK_CAP = 10_000_000;

export interface ReadingResult {
  id: string;
  text: string;
  viewEntries: number;
  /** The main loop: requests, tool calls, largest request, all requests summed. */
  requests: number;
  calls: number;
  peak: number;
  total: number;
  readerCalls: number;
  readerIn: number;
  readerOut: number;
  readerExact: boolean;
  /** Entries of the view the reader never read, read more than once, or read from outside the view. */
  missing: number;
  repeated: number;
  outside: number;
  /** Planted facts the answer states, of those planted; planted texts that reached the main loop. */
  factsStated: number;
  factsPlanted: number;
  leaked: number;
  correct: boolean;
  errors: string[];
  pasteAll: number;
  pasteView: number;
  paging: Paging;
}

export interface ReadingSize {
  size: number;
  anchors: Anchors;
  questions: ReadingResult[];
}

const isReader = (r: RecordedRequest) => r.body.model === DEFAULT_READER_MODEL;
const userText = (r: RecordedRequest): string => String(r.body.messages?.[0]?.content ?? '');
const idsIn = (r: RecordedRequest) => [...userText(r).matchAll(/<entry id="(\d+)"/g)].map((m) => Number(m[1]));

/**
 * The reader model's stand-in: a perfect reader that notes the planted facts in what it is given (exactly the
 * facts present in the request, so a fact reaches the answer only if its entry was read and every merge kept it),
 * in its own words (day and keyword), so any entry text found in the main loop is a leak.
 */
export function fakeReader(facts: PlantedFact[], out: { tokens: number } = { tokens: 0 }) {
  return (req: RecordedRequest) => {
    const text = userText(req);
    const found = facts.filter((f) =>
      text.includes(f.text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')),
    );
    const noted = facts.filter((f) => text.includes(`${f.day}: ${f.keywords[0]}`)); // notes being merged
    const reply = [...found, ...noted].length
      ? [...new Set([...found, ...noted])].map((f) => `${f.day}: ${f.keywords[0]}`).join('\n')
      : 'Nothing relevant in this part.';
    out.tokens += countTokens(reply);
    return { text: reply };
  };
}

/** Tokens of reader requests: exact up to a volume, sampled beyond (a year of a million entries is millions of tokens). */
function readerInputTokens(requests: RecordedRequest[]): { tokens: number; exact: boolean } {
  const texts = requests.map((r) => `${String(r.body.system ?? '')}\n${userText(r)}`);
  return tokensOfTexts(texts, 4_000_000);
}

async function runOne(q: ReadingQuestion, file: string, anchors: Anchors, all: PlantedFact[], newId: () => string) {
  const db = openDatabase(file);
  const api = await startMessagesApiStandIn();
  const results = new Results();
  const out = { tokens: 0 };
  const errors: string[] = [];
  let answer: string;
  try {
    api.serveModel(DEFAULT_READER_MODEL, fakeReader(all, out));
    api.script(...standInTurns(q.steps, results));
    const client = new Anthropic({ apiKey: 'bench', baseURL: api.url, maxRetries: 0 });
    const ask = { reader: createEntryReader({ client, model: DEFAULT_READER_MODEL }), maxEntries: BENCH_ASK_CAP };
    const at = () => instantOnDay(anchors.today, '12:00', 'UTC');
    const questions = createQuestions({
      client,
      model: DEFAULT_MODEL,
      operationsFor: (ownerId, hooks) =>
        createJournalOperations(db, ownerId, { newId, clock: at, ask, reportSpend: hooks?.reportSpend }),
      conversations: createConversationStore(db, storedConversationSchemas),
      clock: at,
      today: () => anchors.today,
      logger: createMemoryLogger(),
    });
    const outcome = await questions.ask(BENCH_OWNER_ID, q.text);
    if (outcome.type !== 'answer') errors.push(`ask ended as ${outcome.type}: ${outcome.text}`);
    answer = outcome.text;
    if (api.remaining() > 0) errors.push(`${api.remaining()} scripted turns were not used`);
  } finally {
    await api.close();
    await db.destroy();
  }
  return { requests: api.requests, results, readerOut: out.tokens, answer, errors: [...results.errors, ...errors] };
}

export async function runReadingForJournal(file: string, size: number): Promise<ReadingSize> {
  const setup = openDatabase(file);
  try {
    await migrateToLatest(setup); // a kept journal may predate the ask cache
    await setup.deleteFrom('object_handle').execute();
    await setup.deleteFrom('conversation').execute();
    await setup.deleteFrom('ask_cache').execute();
  } finally {
    await setup.destroy();
  }
  const truth = openTruthDb(file, BENCH_OWNER_ID);
  try {
    const anchors = findAnchors(truth);
    const planted = plantFacts(file, BENCH_OWNER_ID, anchors);
    const all = [...planted.worries, ...planted.yearEvents, ...planted.marekSummer];
    const paste = pasteAllTokens(truth.raw, BENCH_OWNER_ID);
    const newId = repeatableIds();
    const questions: ReadingResult[] = [];
    for (const q of buildReadingQuestions(anchors, planted)) {
      const run = await runOne(q, file, anchors, all, newId);
      const main = run.requests.filter((r) => !isReader(r));
      const reader = run.requests.filter(isReader);
      const counted = main.map((r) => requestTokens(r.body as Parameters<typeof requestTokens>[0]).total);
      const entries = viewEntries(truth.raw, BENCH_OWNER_ID, q.view);
      const read = reader.flatMap(idsIn);
      const wanted = new Set(entries.map((e) => e.id));
      const seen = new Map<number, number>();
      for (const id of read) seen.set(id, (seen.get(id) ?? 0) + 1);
      const mainText = main.map((r) => r.raw).join('\n');
      const stated = factsStated(run.answer, q.facts).length;
      const readerIn = readerInputTokens(reader);
      const r: ReadingResult = {
        id: q.id,
        text: q.text,
        viewEntries: entries.length,
        requests: main.length,
        calls: run.results.turns.reduce((n, t) => n + t.length, 0),
        peak: Math.max(0, ...counted),
        total: counted.reduce((a, b) => a + b, 0),
        readerCalls: reader.length,
        readerIn: readerIn.tokens,
        readerOut: run.readerOut,
        readerExact: readerIn.exact,
        missing: [...wanted].filter((id) => !seen.has(id)).length,
        repeated: [...seen.values()].filter((n) => n > 1).length,
        outside: [...seen.keys()].filter((id) => !wanted.has(id)).length,
        factsStated: stated,
        factsPlanted: q.facts.length,
        leaked: [...all.map((f) => f.text), ...entries.slice(0, 50).map((e) => e.content)].filter((t) =>
          mainText.includes(t),
        ).length,
        correct: false,
        errors: run.errors,
        pasteAll: pasteAllRequestTokens(paste, q.text),
        pasteView: pasteViewTokens(entries, q.text),
        paging: pagingCost(entries, counted[0] ?? 0),
      };
      r.correct =
        r.errors.length === 0 &&
        r.missing === 0 &&
        r.repeated === 0 &&
        r.outside === 0 &&
        r.leaked === 0 &&
        stated === q.facts.length &&
        q.facts.length > 0;
      questions.push(r);
    }
    return { size, anchors, questions };
  } finally {
    truth.close();
  }
}
