/** npm start: configuration → database → migrations → bot → long polling; a clean stop on SIGINT/SIGTERM. */
import { run } from '@grammyjs/runner';
import { createApp } from './app.ts';
import { readEnvironment } from './cli/environment.ts';
import { exitOnConfigError } from './cli/exit-on-config-error.ts';
import { parseConfig, requireBotToken } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { applyDayStart } from './journal/day-start.ts';
import { createLogger, errorMessage } from './logger.ts';
import { COMMANDS } from './telegram/features/start.ts';

async function main(): Promise<void> {
  const { config, token } = exitOnConfigError(() => {
    const config = parseConfig(readEnvironment());
    return { config, token: requireBotToken(config) };
  });
  const logger = createLogger({ redact: [token, config.anthropicApiKey] });
  const db = openDatabase(config.databasePath);
  const applied = await migrateToLatest(db);
  logger.info('database.ready', { path: config.databasePath, migrations_applied: applied.length });
  const dayStart = await applyDayStart(db, config.journalDayStartsAt);
  if (dayStart) logger.info('journal.day_start_changed', { from: dayStart.previous, to: dayStart.current, entries_moved: dayStart.moved });

  const { bot } = createApp(token, { config, db, logger, clock: () => new Date() });
  try {
    await bot.init();
  } catch (error) {
    await db.destroy();
    console.error(`Could not reach Telegram with this TELEGRAM_BOT_TOKEN (${errorMessage(error)}). Check the token with @BotFather${config.telegramApiRoot ? ` and that ${config.telegramApiRoot} is up` : ''}.`);
    process.exit(1);
  }
  await bot.api.setMyCommands(COMMANDS).catch((error) => logger.error('commands.failed', { error: errorMessage(error) }));
  if (config.allowedUserIds.length === 0) logger.info('access.nobody_allowed', { hint: 'set ALLOWED_USER_IDS' });
  if (!config.anthropicApiKey) logger.info('questions.disabled', { hint: 'set ANTHROPIC_API_KEY' });

  const runner = run(bot);
  logger.info('bot.started', { username: bot.botInfo.username, owners: config.allowedUserIds.length });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('bot.stopping', { signal });
    // Lets the update in hand finish before the database closes under it.
    if (runner.isRunning()) await runner.stop();
    await db.destroy();
    logger.info('bot.stopped', {});
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await runner.task();
}

main().catch((error) => {
  console.error(`The bot stopped: ${errorMessage(error)}`);
  process.exit(1);
});
