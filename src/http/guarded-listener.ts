/**
 * Every HTTP server's request listener goes through here, so no request can stop the process: a target that cannot
 * be read gets 400, a fault of the handler's own gets 500 and a log line, a client that goes away mid-body is a
 * logged event (not an error), and the handler runs in a request scope that the last resort (last-resort.ts) reads.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../log/logger.ts';
import { errorMessage } from '../log/error-message.ts';
import { requestScope } from './request-scope.ts';
import { requestTarget } from './request-target.ts';

/** Answers one request whose target has been read. */
export type GuardedHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

/** A client that closed its connection before its request was whole: nothing to answer. */
export function isClientGone(error: unknown, req: IncomingMessage): boolean {
  return req.destroyed || (error as NodeJS.ErrnoException | null)?.code === 'ECONNRESET';
}

function answerPlain(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

export function guardedListener(server: string, logger: Logger, handle: GuardedHandler): RequestListener {
  return (req, res) => {
    const method = typeof req.method === 'string' ? req.method.slice(0, 16) : '?';
    const url = requestTarget(req.url);
    const scope = { server, method, path: url ? url.pathname.slice(0, 200) : '(unreadable)' };
    // Without a listener an 'error' on the request (a reset mid-body) would be thrown; the handler sees it as it reads.
    req.on('error', (error) => logger.info('http.client_gone', { ...scope, reason: error.message }));
    if (!url) return answerPlain(res, 400, 'The request target is not a path this server can read.\n');
    void requestScope
      .run(scope, async () => {
        try {
          await handle(req, res, url);
        } catch (error) {
          if (isClientGone(error, req)) return void res.destroy();
          logger.error('http.failed', { ...scope, error: errorMessage(error) });
          answerPlain(res, 500, 'Something went wrong on our side; it is logged. Try again.\n');
        }
      })
      .catch(() => res.destroy()); // only if answering itself failed: the connection is dropped, the process lives
  };
}
