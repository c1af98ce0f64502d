/** A stand-in's async request handler for node:http, which ignores a listener's promise: a fault ends that socket. */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

export function asyncListener(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
): RequestListener {
  return (req, res) => {
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  };
}
