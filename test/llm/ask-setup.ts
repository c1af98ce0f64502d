// setupAsk(): the app's question wiring (createJournalQuestions) on a temp SQLite journal and the Messages API stand-in.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createJournalQuestions } from '../../src/wiring/app.ts';
import { parseConfig } from '../../src/config/config.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import type { Questions } from '../../src/llm/ask.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import {
  lastToolResult,
  startMessagesApiStandIn,
  type MessagesApiStandIn,
  type RecordedRequest,
  type Turn,
} from '../stand-ins/messages-api.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

export const OWNER = 111;
export const OTHER_OWNER = 222;

/** Five April entries on three days, one in March, one in May; the other owner writes in April too. */
export const ENTRIES: readonly (readonly [string, string])[] = [
  ['2024-03-30T10:00:00Z', 'Spring cleaning\nThe attic at last.'],
  ['2024-04-01T08:00:00Z', 'Coffee with Ana\nWe talked about the rain.'],
  ['2024-04-01T19:30:00Z', 'Evening run\nRan 5 km in the park.'],
  ['2024-04-02T07:15:00Z', 'Slow morning\nTea and a book.'],
  ['2024-04-20T12:00:00Z', 'Work\nQuarterly report.'],
  ['2024-04-20T21:00:00Z', 'Rainy evening\nRain and coffee.'],
  ['2024-05-01T09:00:00Z', 'May Day\nCoffee in the garden.'],
];

export { seedEntries };

export interface AskSetup {
  questions: Questions;
  llm: MessagesApiStandIn;
  temp: TempDb;
  logger: ReturnType<typeof createMemoryLogger>;
  /** Every request body the SDK sent, as one string: for "this text never reached the model". */
  sentText(): string;
  close(): Promise<void>;
}

export async function setupAsk(
  options: { baseURL?: string; maxRetries?: number; timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<AskSetup> {
  const temp = await createTempDb();
  const llm = await startMessagesApiStandIn();
  await seedEntries(temp.db, OWNER, ENTRIES);
  await seedEntries(temp.db, OTHER_OWNER, [['2024-04-05T10:00:00Z', "The other owner's secret diary"]]);
  const config = parseConfig({
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: options.baseURL ?? llm.url,
    // The stand-in plays Anthropic's API, which keeps search results (a loopback URL alone would mean a local model).
    LLM_SEARCH_RESULTS: 'on',
    JOURNAL_TIMEZONE: 'UTC',
    DATABASE_PATH: temp.file,
    ...options.env,
  });
  const logger = createMemoryLogger();
  const questions = createJournalQuestions({
    config,
    db: temp.db,
    logger,
    clock: () => new Date('2024-06-01T12:00:00Z'),
    anthropic: { maxRetries: options.maxRetries, timeoutMs: options.timeoutMs },
  })!;
  return {
    questions,
    llm,
    temp,
    logger,
    sentText: () => llm.requests.map((r: RecordedRequest) => r.raw).join('\n'),
    async close() {
      await llm.close();
      await temp.cleanup();
    },
  };
}

/** A base URL where nothing listens: connection refused. */
export async function deadBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The model's script for "how many days did I write in April?": a date view, then its day count, then the answer. */
export const aprilDayCount = (): Turn[] => [
  {
    thinking: 'Narrow the journal to April, then count days.',
    tools: [
      {
        name: 'invokeMethod',
        input: {
          objId: 'journal',
          methodName: 'getDateRangeView',
          args: { startDate: '2024-04-01', endDate: '2024-04-30' },
        },
      },
    ],
  },
  (req) => ({
    thinking: 'Count the days of the April view.',
    tools: [
      { name: 'invokeMethod', input: { objId: lastToolResult(req).handle, methodName: 'getDayCount', args: {} } },
    ],
  }),
  (req) => ({ thinking: 'I have the count.', text: `You wrote on ${lastToolResult(req).value} days in April.` }),
];
