// createTestApp(): the whole app on a temp SQLite file, talking to a local Bot API stand-in, in one call.
import { createApp } from '../../src/app.ts';
import { parseConfig, type Config } from '../../src/config.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { startBotApiStandIn, TEST_BOT_INFO, type BotApiStandIn } from '../stand-ins/bot-api.ts';
import { createTempDb, type TempDb } from './temp-db.ts';
import { OWNER_ID } from './updates.ts';

export const TEST_TOKEN = '123456:TEST-token-for-the-stand-in-api';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  bot: ReturnType<typeof createApp>['bot'];
  api: BotApiStandIn;
  temp: TempDb;
  config: Config;
  logger: ReturnType<typeof createMemoryLogger>;
  /** Feeds one update through the bot, as polling would; assigns an update_id. */
  send(update: Record<string, any>): Promise<void>;
  close(): Promise<void>;
}

let nextUpdateId = 1;

export async function createTestApp(env: Record<string, string> = {}, now = () => new Date('2024-06-01T12:00:00Z')): Promise<TestApp> {
  const api = await startBotApiStandIn();
  const temp = await createTempDb();
  const config = parseConfig({
    TELEGRAM_BOT_TOKEN: TEST_TOKEN,
    TELEGRAM_API_ROOT: api.url,
    ALLOWED_USER_IDS: String(OWNER_ID),
    DATABASE_PATH: temp.file,
    JOURNAL_TIMEZONE: 'UTC',
    ...env,
  });
  const logger = createMemoryLogger();
  const app = createApp(TEST_TOKEN, { config, db: temp.db, logger, clock: now, botInfo: TEST_BOT_INFO });
  return {
    app,
    bot: app.bot,
    api,
    temp,
    config,
    logger,
    send: (update) => app.bot.handleUpdate({ update_id: nextUpdateId++, ...update } as any),
    async close() {
      await api.close();
      await temp.cleanup();
    },
  };
}
