/**
 * npm start: configuration → database → migrations → the App (wiring/telegram-parts.ts: Telegram, the web view and
 * remote MCP when set, handling, the schedulers, polling or the webhook, the workers, the health beat), started in
 * order; SIGINT/SIGTERM stop it in reverse, once the updates in hand are done.
 */
import { hostname } from 'node:os';
import { fixableErrorMessage, parseCommandLine, UsageError } from './cli/command-line.ts';
import { readEnvironment } from './cli/environment.ts';
import { exitOnConfigError } from './cli/exit-on-config-error.ts';
import { parseConfig, requireBotToken } from './config/config.ts';
import { everyFewSeconds } from './db/search/search-reindex.ts';
import { openAndMigrateJournal } from './db/open-journal.ts';
import { applyDayStart } from './journal/entries/day-start.ts';
import { keepServingOnStrayRejections } from './http/last-resort.ts';
import { createLogger } from './log/logger.ts';
import { errorMessage } from './log/error-message.ts';
import { createApp } from './wiring/app.ts';
import { createLifecycle, databasePart } from './wiring/lifecycle.ts';
import { StartRefused, telegramParts } from './wiring/telegram-parts.ts';

const USAGE = `Usage: npm start
  Runs the bot with the settings in .env or the environment (README.md, "Configuration", lists them all): needs
  TELEGRAM_BOT_TOKEN and ALLOWED_USER_IDS; the journal is DATABASE_PATH (default data/journal.sqlite) or DATABASE_URL.
  Takes Telegram's updates by polling, or on PORT when TELEGRAM_WEBHOOK_URL is set; MINI_APP_URL adds the web view
  as a Mini App. Ctrl-C or SIGTERM stops it once the updates in hand are done. To look around first: npm run demo.`;

async function main(): Promise<void> {
  const { positionals } = parseCommandLine(process.argv.slice(2), USAGE, {});
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  const { config, token } = exitOnConfigError(() => {
    const config = parseConfig(readEnvironment());
    return { config, token: requireBotToken(config) };
  });
  const logger = createLogger({ redact: [token, config.anthropicApiKey, config.journalKey] });
  // A stray rejection from a request (webhook, Mini App) is logged and the bot keeps serving; any other still stops it.
  keepServingOnStrayRejections(logger);
  // Another process holding the journal's write lock (a backup, a second process) is waited for, not a reason to quit.
  const { db, applied } = await openAndMigrateJournal(config, {
    onLocked: (where, waitedMs) =>
      logger.info('database.locked', {
        database: where,
        waited_s: Math.round(waitedMs / 1000),
        hint: 'another process holds the journal; waiting for it',
      }),
    onReindex: everyFewSeconds(({ done, total }) => logger.info('search.reindex', { done, total })),
  });
  // The URL may hold a password: only the store and (for SQLite) the file are logged.
  logger.info('database.ready', {
    store: db.store.dialect,
    ...(config.databaseUrl ? {} : { path: config.databasePath }),
    migrations_applied: applied.length,
  });
  const dayStart = await applyDayStart(db, config.journalDayStartsAt);
  if (dayStart)
    logger.info('journal.day_start_changed', {
      from: dayStart.previous,
      to: dayStart.current,
      entries_moved: dayStart.moved,
    });

  // Unique among instances sharing the database (one port per host), and the same when this one restarts.
  const instanceId = config.instanceName ?? `${hostname()}:${config.telegramWebhookUrl ? config.port : 'polling'}`;
  const clock = () => new Date();
  const app = createApp(token, { config, db, logger, clock, instanceId });
  const running = createLifecycle(
    [databasePart(db), ...telegramParts(app, { config, db, logger, clock, instanceId })],
    logger,
  );
  const stop = (signal: string) => {
    logger.info('bot.stopping', { signal });
    void running.stop().then(() => {
      logger.info('bot.stopped', {});
      process.exit(0);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // False when a signal came first: the stop above ends the process.
  await running.start();
}

main().catch((error) => {
  // A failed start has stopped what it had started (the database closed) before it reached here.
  const fixable = error instanceof StartRefused ? error.message : fixableErrorMessage(error);
  console.error(fixable ?? `The bot stopped: ${errorMessage(error)}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
