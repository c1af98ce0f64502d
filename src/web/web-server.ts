/** The web view on a port of its own: polling mode's WEB_PORT, and npm run web on 127.0.0.1. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedListener } from '../http/guarded-listener.ts';
import type { Logger } from '../log/logger.ts';
import type { WebView } from './web-view.ts';

export interface WebServer {
  port: number;
  close(): Promise<void>;
}

export async function startWebServer(
  view: Pick<WebView, 'handle'>,
  options: { port: number; host: string; logger: Logger },
): Promise<WebServer> {
  // Every request through the guard: no request, however odd, can stop the process.
  const server = createServer(guardedListener('web', options.logger, view.handle));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => (server.off('error', reject), resolve()));
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
