/**
 * Benchmark 1 through MCP: the same scripted questions, played by an MCP client against the journal's MCP server
 * (src/mcp, connected in-process by the SDK's linked in-memory transport, so handle ids stay repeatable). Counted is
 * what the client receives and a host puts before its model: the server's instructions (as the system part), the tool
 * list as listed, the question as typed, each tool call, and each result exactly as the client got it.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { createJournalOperations, JOURNAL_ROOT_ID } from '../../src/journal/journal-operations.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { serverInstructions } from '../../src/mcp/instructions.ts';
import { createObjectsServer } from '../../src/mcp/objects-server.ts';
import type { Question } from './questions.ts';
import { Results, type StepOutput } from './script.ts';
import { countTokens, requestTokens } from './tokenizer.ts';
import type { TruthDb } from './truth-db.ts';
import { instantOnDay } from '../../src/journal/dates/local-moment.ts';

export interface McpQuestionTokens {
  id: string;
  calls: number;
  requests: number;
  peak: number;
  total: number;
  /** With the instructions+tools prefix read from cache at `cacheReadPrice` after the first request. */
  totalCached: number;
  correct: boolean;
  errors: string[];
}

export interface McpTokens {
  /** The server's instructions (the `journal` interface included) and the listed tools, as the client received them. */
  instructions: number;
  tools: number;
  questions: McpQuestionTokens[];
}

export interface McpSetup {
  db: JournalDb;
  ownerId: number;
  today: string;
  newId: () => string;
  cacheReadPrice: number;
  /** Whether the scripted answer equals SQL, judged as for the bot path. */
  judge(q: Question, results: Results, errors: string[], truth: TruthDb): boolean;
}

type Block = Record<string, any>;

/** One connected client per journal: a host session. Each question is a fresh conversation in it. */
async function connect(s: McpSetup): Promise<{ client: Client; close: () => Promise<void> }> {
  const at = () => instantOnDay(s.today, '12:00', 'UTC');
  const operations = createJournalOperations(s.db, s.ownerId, { newId: s.newId, clock: at });
  const rootIds = [JOURNAL_ROOT_ID];
  const server = createObjectsServer({
    operations,
    instructions: await serverInstructions(operations, rootIds),
    rootIds,
    today: () => s.today,
    logger: createMemoryLogger(),
    version: 'bench',
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(clientSide);
  return { client, close: async () => (await client.close(), await server.close()) };
}

async function playQuestion(
  client: Client,
  system: string,
  tools: Block[],
  q: Question,
  s: McpSetup,
  truth: TruthDb,
): Promise<McpQuestionTokens> {
  const results = new Results();
  // What the model has read before its first call: the instructions (the journal interface) and the question.
  results.questionText = `${system}\n${q.text}`;
  const errors: string[] = [];
  const messages: { role: string; content: string | Block[] }[] = [{ role: 'user', content: q.text }];
  const counted: ReturnType<typeof requestTokens>[] = [];
  let calls = 0;
  for (const step of q.steps) {
    counted.push(requestTokens({ system, tools, messages }));
    let out: StepOutput;
    try {
      out = step(results);
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      break;
    }
    if ('answer' in out) {
      messages.push({ role: 'assistant', content: [{ type: 'text', text: out.answer }] });
      break;
    }
    const uses = out.calls.map((c, i) => ({
      type: 'tool_use',
      id: `call_${messages.length}_${i}`,
      name: 'invokeMethod',
      input: c,
    }));
    messages.push({ role: 'assistant', content: [...(out.text ? [{ type: 'text', text: out.text }] : []), ...uses] });
    const answered: { text: string; isError: boolean }[] = [];
    for (const use of uses) {
      const result = await client.callTool({
        name: use.name,
        arguments: use.input as unknown as Record<string, unknown>,
      });
      const text = (result.content as Block[]).map((b) => b.text ?? '').join('\n');
      answered.push({ text, isError: result.isError === true });
      calls++;
    }
    results.recordTurn(answered);
    messages.push({
      role: 'user',
      content: uses.map((u, i) => ({
        type: 'tool_result',
        tool_use_id: u.id,
        content: answered[i]!.text,
        ...(answered[i]!.isError ? { is_error: true } : {}),
      })),
    });
  }
  errors.unshift(...results.errors);
  const prefixPrice = (i: number) => (i === 0 ? 1 : s.cacheReadPrice);
  return {
    id: q.id,
    calls,
    requests: counted.length,
    peak: Math.max(0, ...counted.map((c) => c.total)),
    total: counted.reduce((sum, c) => sum + c.total, 0),
    totalCached: counted.reduce((sum, c, i) => sum + (c.system + c.tools) * prefixPrice(i) + c.messages, 0),
    correct: s.judge(q, results, errors, truth),
    errors,
  };
}

export async function runMcpQuestions(questions: Question[], s: McpSetup, truth: TruthDb): Promise<McpTokens> {
  const { client, close } = await connect(s);
  try {
    const system = client.getInstructions() ?? '';
    // What a host hands its model per tool: name, description, input schema (annotations stay with the host).
    const tools = (await client.listTools()).tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.inputSchema,
    }));
    const out: McpQuestionTokens[] = [];
    for (const q of questions) out.push(await playQuestion(client, system, tools, q, s, truth));
    return { instructions: countTokens(system), tools: requestTokens({ tools, messages: [] }).tools, questions: out };
  } finally {
    await close();
  }
}
