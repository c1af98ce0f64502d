/**
 * npm start's App: the bot's parts (wiring/bot-parts.ts) with Telegram's side around them, in the one order both
 * intake modes share: reach Telegram, build the web view and remote MCP routes when configured, take the port (the
 * webhook's, or WEB_PORT when polling: a port in use stops the start with nothing half begun), start handling and
 * the schedulers, then let updates in (setWebhook, or polling), then the workers and the health beat.
 */
import { GrammyError } from 'grammy';
import { sql } from 'kysely';
import type { Config } from '../config/config.ts';
import { aiOffReason } from '../config/derived-settings.ts';
import type { JournalDb } from '../db/journal-database.ts';
import { errorMessage } from '../log/error-message.ts';
import type { Logger } from '../log/logger.ts';
import { revokeRemovedOwners } from '../oauth/removed-owners.ts';
import { connectToTelegram } from '../telegram/connect.ts';
import { MENU_COMMANDS } from '../telegram/features/index.ts';
import { ALLOWED_UPDATES } from '../telegram/intake/allowed-updates.ts';
import { startPolling } from '../telegram/intake/polling.ts';
import { startWebhookServer } from '../telegram/intake/webhook-server.ts';
import { setMiniAppMenuButton } from '../telegram/mini-app-button.ts';
import type { WebView } from '../web/web-view.ts';
import type { App } from './app.ts';
import { botParts } from './bot-parts.ts';
import { startHealthBeat } from './health-status.ts';
import type { Part } from './lifecycle.ts';

/** A start Telegram refused (a token, a webhook URL), with what to check: main.ts prints it and exits 1. */
export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

export interface TelegramPartsDeps {
  config: Config;
  db: JournalDb;
  logger: Logger;
  clock: () => Date;
  instanceId: string;
}

interface Served {
  /** The web view's and remote MCP's requests, when either is configured. */
  routes: Pick<WebView, 'handle'> | null;
  closeRemote: () => Promise<void>;
}

export function telegramParts(app: App, deps: TelegramPartsDeps): Part[] {
  const { config, db, logger, clock } = deps;
  const { bot } = app;
  const webhook = config.telegramWebhookUrl && config.telegramWebhookSecret ? config.telegramWebhookUrl : null;
  const served: Served = { routes: null, closeRemote: async () => undefined };
  const apiRoot = config.telegramApiRoot ?? 'https://api.telegram.org';
  const telegram: Part = {
    name: 'telegram',
    start: async (signal) => {
      try {
        await connectToTelegram(bot, { logger, apiRoot, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        const detail = error instanceof GrammyError ? error.description : errorMessage(error);
        throw new StartRefused(
          `Could not reach Telegram with this TELEGRAM_BOT_TOKEN (${detail}). Check the token with @BotFather${config.telegramApiRoot ? ` and that ${config.telegramApiRoot} is up` : ''}.`,
        );
      }
      await bot.api
        .setMyCommands(MENU_COMMANDS)
        .catch((error) => logger.error('commands.failed', { error: errorMessage(error) }));
      if (config.allowedUserIds.length === 0) logger.info('access.nobody_allowed', { hint: 'set ALLOWED_USER_IDS' });
      // Owners taken off ALLOWED_USER_IDS lose their remote connections (grants revoked, tokens deleted) first.
      await revokeRemovedOwners(db, config.allowedUserIds, clock(), logger);
      const aiOff = aiOffReason(config);
      if (aiOff)
        logger.info('questions.disabled', {
          reason: aiOff,
          hint: aiOff === 'switched-off' ? 'JOURNAL_AI=off: nothing is sent to any model' : 'set ANTHROPIC_API_KEY',
        });
    },
  };
  const routes: Part = {
    // The web view as a Mini App and remote MCP (/mcp and its OAuth, before the web view's routes), on this
    // process's port. Loaded only when set: a bot without them never pays for their code.
    name: 'web routes',
    start: async () => {
      const web = config.miniAppUrl
        ? (await import('./journal-web-view.ts')).createJournalWebView({
            config,
            db,
            clock,
            logger,
            botToken: bot.token,
            surface: 'mini-app',
          })
        : null;
      const remote = config.publicUrl
        ? (await import('./remote-mcp.ts')).createRemoteMcpRoutes({
            config,
            db,
            clock,
            logger,
            botUsername: bot.botInfo.username,
          })
        : null;
      served.routes = remote ? remote.before(web) : web;
      // First at a stop: remote MCP's open streams would hold the server's close.
      if (remote) served.closeRemote = () => remote.close();
      if (config.miniAppUrl)
        await setMiniAppMenuButton(bot.api, config.miniAppUrl).catch((error) =>
          logger.error('mini_app.menu_button_failed', { error: errorMessage(error) }),
        );
    },
  };
  const port: Part = {
    // The port before any work: holding it proves no other live instance here has this instance's name.
    name: webhook ? 'webhook server' : 'web server',
    start: async () => {
      if (webhook) {
        const server = await startWebhookServer({
          port: config.port,
          path: new URL(webhook).pathname,
          secret: config.telegramWebhookSecret!,
          inbox: app.inbox,
          logger,
          otherRequests: served.routes?.handle,
        });
        return async () => {
          await served.closeRemote();
          await server.close();
        };
      }
      // getUpdates is refused while a webhook is set: remove a stale one (its pending updates stay with Telegram).
      await bot.api
        .deleteWebhook()
        .catch((error) => logger.error('webhook.delete_failed', { error: errorMessage(error) }));
      if (!served.routes) return;
      const { startWebServer } = await import('../web/web-server.ts');
      const server = await startWebServer(served.routes, { port: config.webPort, host: config.webHost, logger });
      logger.info('web.started', { host: config.webHost, port: server.port, mcp: config.publicUrl !== null });
      return async () => {
        await served.closeRemote();
        await server.close();
      };
    },
  };
  const intake: Part = webhook
    ? {
        // Jobs and updates a previous run left unfinished went first; now Telegram is told where to post.
        name: 'webhook',
        start: async () => {
          try {
            await bot.api.setWebhook(webhook, {
              secret_token: config.telegramWebhookSecret!,
              allowed_updates: ALLOWED_UPDATES,
            });
          } catch (error) {
            throw new StartRefused(
              `Telegram did not accept TELEGRAM_WEBHOOK_URL=${webhook} (${errorMessage(error)}). It must be a public https URL that reaches port ${config.port} here.`,
            );
          }
        },
      }
    : { name: 'polling', start: () => startPolling({ api: bot.api, inbox: app.inbox, logger }).stop };
  const health: Part = {
    // What the HEALTHCHECK reads (scripts/healthcheck.mjs): Telegram and the database answering, in every mode.
    name: 'health beat',
    start: () =>
      startHealthBeat({
        file: config.healthFile,
        intervalSeconds: config.healthIntervalSeconds,
        mode: webhook ? 'webhook' : 'polling',
        probeTelegram: (signal) => bot.api.getMe(signal as Parameters<typeof bot.api.getMe>[0]),
        probeDatabase: () => sql`SELECT 1`.execute(db),
        clock,
        logger,
      }).stop,
  };
  const started: Part = {
    name: 'started',
    start: () =>
      logger.info('bot.started', {
        username: bot.botInfo.username,
        owners: config.allowedUserIds.length,
        mode: webhook ? 'webhook' : 'polling',
        instance: deps.instanceId,
        port: webhook ? config.port : null,
      }),
  };
  return [telegram, routes, port, ...botParts(app, { logger }, [intake]), health, started];
}
