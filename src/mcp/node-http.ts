/**
 * node:http ↔ web-standard Request/Response, for the routes that speak the latter (the MCP SDK's handler, the
 * authorization server). The body is read here under a cap (413 past it), the client's disconnect aborts the
 * Request's signal, and a streamed Response (SSE) is written as it comes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit} bytes`);
  }
}

async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new BodyTooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The request as a web Request on the public origin (its path and query kept; the Host header is not trusted). */
export async function toWebRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  maxBodyBytes: number,
): Promise<Request> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, maxBodyBytes);
  const aborted = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) aborted.abort();
  });
  return new Request(new URL(`${url.pathname}${url.search}`, origin), {
    method,
    headers,
    body,
    signal: aborted.signal,
  });
}

/** Writes a web Response to the node response, streaming its body. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  const body = Readable.fromWeb(response.body as NodeWebReadableStream<Uint8Array>);
  await new Promise<void>((resolve) => {
    body.on('error', () => (res.destroy(), resolve()));
    res.once('close', () => (body.destroy(), resolve()));
    body.pipe(res).once('finish', resolve);
  });
}
