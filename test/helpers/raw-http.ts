// Requests as raw bytes over a real socket: what a scanner or a broken client sends, which fetch would refuse to.
import { connect } from 'node:net';

export interface RawRequest {
  /** The bytes of the request line, headers and (part of) the body. */
  bytes: Buffer;
  /** Close the connection right after writing: a body that stops mid-way, a client that goes away. */
  abort?: boolean;
}

/** The status the server answered with, 'aborted' when we hung up first, or 'closed' when it hung up without one. */
export type RawOutcome = { status: number } | 'aborted' | 'closed';

export function sendRaw(port: number, request: RawRequest, timeoutMs = 15_000): Promise<RawOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(
      () => (
        socket.destroy(),
        reject(
          new Error(
            `no answer in ${timeoutMs} ms to ${JSON.stringify(request.bytes.toString('latin1').slice(0, 120))}`,
          ),
        )
      ),
      timeoutMs,
    );
    const done = (outcome: RawOutcome) => (clearTimeout(timer), socket.destroy(), resolve(outcome));
    socket.on('connect', () => {
      socket.write(request.bytes);
      if (request.abort) setImmediate(() => done('aborted'));
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // The status line is enough: the rest may never come (a 413 while the body still streams in).
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (status) done({ status: Number(status[1]) });
    });
    socket.on('error', () => done('closed'));
    socket.on('close', () => done('closed'));
  });
}

/** An HTTP/1.1 request's bytes: `headers` as given (a Host is not added), a body with its Content-Length. */
export function rawRequest(
  method: string,
  target: string,
  headers: [string, string][],
  body?: string,
  declaredLength?: number,
): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`, ...headers.map(([k, v]) => `${k}: ${v}`)];
  if (body !== undefined) lines.push(`Content-Length: ${declaredLength ?? Buffer.byteLength(body)}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body ?? '', 'utf8')]);
}
