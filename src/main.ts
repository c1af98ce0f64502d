/** npm start: configuration → database → migrations → Telegram → the inbox and polling; a clean stop on SIGINT/SIGTERM. */
import { ALLOWED_UPDATES } from './telegram/intake/allowed-updates.ts';
import { hostname } from 'node:os';
import { GrammyError } from 'grammy';
import { sql } from 'kysely';
import { createApp } from './app.ts';
import { fixableErrorMessage, parseCommandLine, UsageError } from './cli/command-line.ts';
import { readEnvironment } from './cli/environment.ts';
import { exitOnConfigError } from './cli/exit-on-config-error.ts';
import { parseConfig, requireBotToken } from './config.ts';
import { aiOffReason } from './derived-settings.ts';
import { everyFewSeconds } from './db/search/search-reindex.ts';
import { openAndMigrateJournal } from './db/open-journal.ts';
import { revokeRemovedOwners } from './oauth/removed-owners.ts';
import { applyDayStart } from './journal/entries/day-start.ts';
import { startHealthBeat } from './health-status.ts';
import { keepServingOnStrayRejections } from './http/last-resort.ts';
import { createLogger } from './log/logger.ts';
import { errorMessage } from './log/error-message.ts';
import { connectToTelegram } from './telegram/connect.ts';
import { MENU_COMMANDS } from './telegram/features/index.ts';
import { startPolling } from './telegram/intake/polling.ts';
import { startWebhookServer } from './telegram/intake/webhook-server.ts';
import { setMiniAppMenuButton } from './telegram/mini-app-button.ts';

/** How long a stop waits for the updates in hand. */
const STOP_GRACE_MS = 10_000;

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
  const app = createApp(token, { config, db, logger, clock: () => new Date(), instanceId });
  const { bot } = app;
  const apiRoot = config.telegramApiRoot ?? 'https://api.telegram.org';

  // stopIntake stops whatever takes updates in at the moment: connecting, then polling or the webhook server.
  const connecting = new AbortController();
  let stopIntake: () => Promise<void> = async () => connecting.abort();
  let stopping = false;
  let stopHealth = () => {};
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    stopHealth();
    logger.info('bot.stopping', { signal });
    await stopIntake();
    await app.digests.stop();
    await app.reminders.stop();
    const finished = await app.stop(STOP_GRACE_MS);
    if (!finished)
      logger.error('bot.stop_timeout', {
        waited_ms: STOP_GRACE_MS,
        hint: 'unfinished updates are handled at the next start',
      });
    await app.transcription?.stop();
    await app.mediaDownloads.stop();
    await db.destroy();
    logger.info('bot.stopped', {});
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await connectToTelegram(bot, { logger, apiRoot, signal: connecting.signal });
  } catch (error) {
    if (stopping) return;
    await db.destroy();
    const detail = error instanceof GrammyError ? error.description : errorMessage(error);
    console.error(
      `Could not reach Telegram with this TELEGRAM_BOT_TOKEN (${detail}). Check the token with @BotFather${config.telegramApiRoot ? ` and that ${config.telegramApiRoot} is up` : ''}.`,
    );
    process.exit(1);
  }
  if (stopping) return;
  await bot.api
    .setMyCommands(MENU_COMMANDS)
    .catch((error) => logger.error('commands.failed', { error: errorMessage(error) }));
  if (config.allowedUserIds.length === 0) logger.info('access.nobody_allowed', { hint: 'set ALLOWED_USER_IDS' });
  // Owners taken off ALLOWED_USER_IDS lose their remote connections (grants revoked, tokens deleted) before any request.
  await revokeRemovedOwners(db, config.allowedUserIds, new Date(), logger);
  // The web view as a Mini App: served by this process (the webhook's port, or WEB_PORT when polling).
  // Loaded only when set: a bot without the Mini App never pays for the web code (or its initData checker).
  const web = config.miniAppUrl
    ? (await import('./journal-web-view.ts')).createJournalWebView({
        config,
        db,
        clock: () => new Date(),
        logger,
        botToken: token,
        surface: 'mini-app',
      })
    : null;
  // Remote MCP (/mcp and its OAuth) on the same server, before the web view's routes; loaded only with PUBLIC_URL.
  const remote = config.publicUrl
    ? (await import('./remote-mcp.ts')).createRemoteMcpRoutes({
        config,
        db,
        clock: () => new Date(),
        logger,
        botUsername: bot.botInfo.username,
      })
    : null;
  const routes = remote ? remote.before(web) : web;
  if (config.miniAppUrl) {
    await setMiniAppMenuButton(bot.api, config.miniAppUrl).catch((error) =>
      logger.error('mini_app.menu_button_failed', { error: errorMessage(error) }),
    );
  }
  const aiOff = aiOffReason(config);
  if (aiOff)
    logger.info('questions.disabled', {
      reason: aiOff,
      hint: aiOff === 'switched-off' ? 'JOURNAL_AI=off: nothing is sent to any model' : 'set ANTHROPIC_API_KEY',
    });

  if (config.telegramWebhookUrl && config.telegramWebhookSecret) {
    // The port first: holding it proves no other live instance here has this instance's name. Then jobs and updates
    // a previous run left unfinished go first; then Telegram is told where to post.
    const url = config.telegramWebhookUrl;
    const server = await startWebhookServer({
      port: config.port,
      path: new URL(url).pathname,
      secret: config.telegramWebhookSecret,
      inbox: app.inbox,
      logger,
      otherRequests: routes?.handle,
    });
    stopIntake = async () => {
      await remote?.close(); // first: its open streams would hold the server's close
      await server.close();
    };
    await app.start();
    app.digests.start(); // sends a digest missed while down, if less than 12 hours late
    app.reminders.start(); // sends a reminder missed while down, if less than 3 hours late that journal day
    try {
      await bot.api.setWebhook(url, { secret_token: config.telegramWebhookSecret, allowed_updates: ALLOWED_UPDATES });
    } catch (error) {
      console.error(
        `Telegram did not accept TELEGRAM_WEBHOOK_URL=${url} (${errorMessage(error)}). It must be a public https URL that reaches port ${config.port} here.`,
      );
      await stop('setWebhook failed', 1);
    }
  } else {
    // getUpdates is refused while a webhook is set: remove a stale one (its pending updates stay with Telegram).
    await bot.api
      .deleteWebhook()
      .catch((error) => logger.error('webhook.delete_failed', { error: errorMessage(error) }));
    if (stopping) return;
    // The web view's port before any work starts: a port in use stops the start here, with nothing half begun.
    const webServer = routes
      ? await (
          await import('./web/web-server.ts')
        ).startWebServer(routes, { port: config.webPort, host: config.webHost, logger })
      : null;
    await app.start();
    app.digests.start(); // sends a digest missed while down, if less than 12 hours late
    app.reminders.start(); // sends a reminder missed while down, if less than 3 hours late that journal day
    const polling = startPolling({ api: bot.api, inbox: app.inbox, logger });
    stopIntake = async () => {
      await polling.stop();
      await remote?.close(); // first: its open streams would hold the server's close
      await webServer?.close();
    };
    if (webServer) logger.info('web.started', { host: config.webHost, port: webServer.port, mcp: remote !== null });
  }
  if (stopping) return;
  // Voice notes waiting for a transcript (from before a restart, or after a failed attempt) are picked up here.
  app.transcription?.start();
  // Media bytes not yet fetched (this instance's downloads cut off by a stop are taken back at once).
  await app.mediaDownloads.start();
  // What the HEALTHCHECK reads (scripts/healthcheck.mjs): Telegram and the database answering, in every mode.
  stopHealth = startHealthBeat({
    file: config.healthFile,
    intervalSeconds: config.healthIntervalSeconds,
    mode: config.telegramWebhookUrl ? 'webhook' : 'polling',
    probeTelegram: (signal) => bot.api.getMe(signal as Parameters<typeof bot.api.getMe>[0]),
    probeDatabase: () => sql`SELECT 1`.execute(db),
    clock: () => new Date(),
    logger,
  }).stop;
  logger.info('bot.started', {
    username: bot.botInfo.username,
    owners: config.allowedUserIds.length,
    mode: config.telegramWebhookUrl ? 'webhook' : 'polling',
    instance: instanceId,
    port: config.telegramWebhookUrl ? config.port : null,
  });
}

main().catch((error) => {
  console.error(fixableErrorMessage(error) ?? `The bot stopped: ${errorMessage(error)}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
