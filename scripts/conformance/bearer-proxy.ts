/**
 * A loopback proxy that adds `Authorization: Bearer <token>` to every request and passes it on to /mcp: the
 * conformance suite's `server --url` cannot send a header of its own. Responses (JSON or an event stream) are piped
 * back as they come.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BearerProxy {
  url: string;
  close(): Promise<void>;
}

export async function startBearerProxy(target: string, token: string): Promise<BearerProxy> {
  const to = new URL(target);
  let own = '';
  const server: Server = createServer((req, res) => {
    // The proxy's own address becomes the target's, in Host and Origin alike (the proxy stands in for the public
    // address); any other Host or Origin (the suite's DNS-rebinding probe) goes on as sent.
    const headers = {
      ...req.headers,
      host: req.headers.host === own ? to.host : req.headers.host,
      ...(req.headers.origin === `http://${own}` ? { origin: to.origin } : {}),
      authorization: `Bearer ${token}`,
    };
    const upstream = request(
      {
        hostname: to.hostname,
        port: to.port,
        path: to.pathname + (req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''),
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`Proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  own = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `http://${own}/mcp`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
