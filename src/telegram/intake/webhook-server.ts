/**
 * Webhook mode: Telegram POSTs each update to our URL and redelivers it until it gets a 2xx. We answer 200 only after
 * the update is in the inbox, so an update is never lost between Telegram and the journal, and we never hold the
 * request while it is handled (a question can take a minute; Telegram gives up and redelivers after a while).
 * A wrong or missing X-Telegram-Bot-Api-Secret-Token gets 401, and nothing is stored. It listens on every interface
 * and every scanner on the internet finds it: every request goes through the guard (http/guarded-listener.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Update } from 'grammy/types';
import { guardedListener } from '../../http/guarded-listener.ts';
import type { Logger } from '../../log/logger.ts';
import { errorMessage } from '../../log/error-message.ts';
import type { UpdateInbox } from './update-inbox.ts';

/** Telegram's updates are small; anything bigger is not one. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

export interface WebhookServer {
  /** The port it listens on (useful when asked for port 0). */
  port: number;
  /** Stops taking requests; resolves once the ones in hand are answered. */
  close(): Promise<void>;
}

export interface WebhookOptions {
  port: number;
  /** The path of the public URL, e.g. `/tg` for https://bot.example.com/tg. */
  path: string;
  secret: string;
  inbox: Pick<UpdateInbox, 'accept'>;
  logger: Logger;
  host?: string;
  /** Answers requests for any other path (the web view, when MINI_APP_URL is set); without it they get 404. */
  otherRequests?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
}

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The update in a request body, or why it is not one. */
function parseUpdate(body: Buffer): Update | string {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'expected a JSON object (a Telegram Update)';
  if (!Number.isSafeInteger((value as { update_id?: unknown }).update_id)) return 'expected an integer update_id';
  return value as Update;
}

export async function startWebhookServer(options: WebhookOptions): Promise<WebhookServer> {
  const { logger } = options;
  const answer = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  };

  const server = createServer(
    guardedListener('webhook', logger, async (req, res, url) => {
      if (url.pathname !== options.path)
        return options.otherRequests ? options.otherRequests(req, res, url) : answer(res, 404, 'not found');
      if (req.method !== 'POST') return answer(res, 405, 'POST only');
      if (!sameSecret(req.headers[SECRET_HEADER], options.secret)) {
        logger.error('webhook.rejected', {
          reason: 'wrong or missing secret token',
          remote: req.socket.remoteAddress ?? null,
        });
        return answer(res, 401, 'unauthorized');
      }
      const body = await readBody(req);
      if (!body) return answer(res, 413, 'too large');
      const update = parseUpdate(body);
      if (typeof update === 'string') {
        logger.error('webhook.bad_request', { reason: update });
        return answer(res, 400, update);
      }
      try {
        await options.inbox.accept([update]);
      } catch (error) {
        // Not stored: Telegram sends it again.
        logger.error('inbox.store_failed', { update_id: update.update_id, error: errorMessage(error) });
        return answer(res, 500, 'not stored, please retry');
      }
      answer(res, 200, 'ok');
    }),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => (server.off('error', reject), resolve()));
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
    },
  };
}
