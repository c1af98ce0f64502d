// createTestApp(): the whole app on a temp database (SQLite by default; `{ store: 'pglite' }` for PostgreSQL), talking to a local Bot API stand-in, in one call.
import { createApp } from '../../src/wiring/app.ts';
import { parseConfig, type Config } from '../../src/config/config.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { startBotApiStandIn, TEST_BOT_INFO, type BotApiStandIn } from '../stand-ins/bot-api.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';
import { createTempDb, testJournalKey, type TempDb, type TestStore } from './temp-db.ts';
import { OWNER_ID } from './updates.ts';

export const TEST_TOKEN = '123456:TEST-token-for-the-stand-in-api';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  bot: ReturnType<typeof createApp>['bot'];
  api: BotApiStandIn;
  temp: TempDb;
  config: Config;
  logger: ReturnType<typeof createMemoryLogger>;
  /** The Messages API stand-in, when started with `{ messagesApi: true }`. */
  llm?: MessagesApiStandIn;
  /** Closes the database and builds the app again on the same file, as a process restart would. */
  restart(): Promise<void>;
  /** Feeds one update through the inbox, as polling would (assigning an update_id), and waits until it and any job it queued are done. */
  send(update: Record<string, any>): Promise<void>;
  /** Stores one update in the inbox and returns its update_id without waiting for it to be handled. */
  deliver(update: Record<string, any>): Promise<number>;
  close(): Promise<void>;
}

let nextUpdateId = 1;

export interface TestAppOptions {
  /** Starts the Messages API stand-in and points ANTHROPIC_BASE_URL (with a test key) at it. */
  messagesApi?: boolean;
  /** /export splits files above this many bytes (Telegram's 50 MB by default). */
  exportPartBytes?: number;
  /** Which store the app runs on (temp-db.ts); SQLite by default. */
  store?: TestStore;
}

export async function createTestApp(
  env: Record<string, string> = {},
  now = () => new Date('2024-06-01T12:00:00Z'),
  options: TestAppOptions = {},
): Promise<TestApp> {
  const api = await startBotApiStandIn();
  const temp = await createTempDb(options.store);
  const llm = options.messagesApi ? await startMessagesApiStandIn() : undefined;
  const config = parseConfig({
    // The stand-in plays Anthropic's API, which keeps search results (a loopback URL alone would mean a local model).
    ...(llm ? { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: llm.url, LLM_SEARCH_RESULTS: 'on' } : {}),
    TELEGRAM_BOT_TOKEN: TEST_TOKEN,
    TELEGRAM_API_ROOT: api.url,
    ALLOWED_USER_IDS: String(OWNER_ID),
    DATABASE_PATH: temp.file,
    JOURNAL_TIMEZONE: 'UTC',
    // The app's configuration names the key its SQLite journal is encrypted with (temp-db.ts), as JOURNAL_KEY would.
    ...(testJournalKey() && temp.store === 'sqlite' ? { JOURNAL_KEY: testJournalKey() ?? '' } : {}),
    ...env,
  });
  const logger = createMemoryLogger();
  const build = async () => {
    const built = createApp(TEST_TOKEN, {
      config,
      db: temp.db,
      logger,
      clock: now,
      botInfo: TEST_BOT_INFO,
      exportPartBytes: options.exportPartBytes,
    });
    await built.start();
    return built;
  };
  const app = await build();
  const t: TestApp = {
    app,
    bot: app.bot,
    api,
    temp,
    config,
    logger,
    llm,
    async restart() {
      await t.app.stop(5000);
      await t.app.transcription?.stop();
      await t.app.mediaDownloads.stop();
      await temp.reopen();
      t.app = await build();
      t.bot = t.app.bot;
    },
    async send(update) {
      await t.deliver(update);
      await t.app.idle();
    },
    async deliver(update) {
      const updateId = nextUpdateId++;
      await t.app.inbox.accept([{ update_id: updateId, ...update }]);
      return updateId;
    },
    async close() {
      await t.app.stop(5000);
      await t.app.transcription?.stop();
      await t.app.mediaDownloads.stop();
      await llm?.close();
      await api.close();
      await temp.cleanup();
    },
  };
  return t;
}
