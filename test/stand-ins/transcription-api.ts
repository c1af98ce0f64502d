// A local stand-in for an OpenAI-compatible speech-to-text endpoint (POST /v1/audio/transcriptions, multipart),
// over real HTTP: records each request, answers with a transcript, or fails on request.
import { createServer } from 'node:http';
import { asyncListener } from './async-listener.ts';
import type { AddressInfo } from 'node:net';
import { parseMultipart } from '../../src/try/multipart.ts';

export interface TranscriptionCall {
  authorization: string | null;
  model: string | undefined;
  fileName: string | undefined;
  bytes: Buffer | undefined;
}

export interface TranscriptionStandIn {
  /** The endpoint itself, as TRANSCRIBE_URL takes it. */
  url: string;
  calls: TranscriptionCall[];
  /** The transcript of the following requests. */
  answer(text: string): void;
  /** The next `times` requests fail with this HTTP status. */
  fail(times: number, status?: number): void;
  /** Every answer from now on waits this long, as a real model transcribing a long note does. */
  answerAfter(ms: number): void;
  close(): Promise<void>;
}

export async function startTranscriptionStandIn(): Promise<TranscriptionStandIn> {
  const calls: TranscriptionCall[] = [];
  let text = 'Transcript of the note';
  let failures = 0;
  let failStatus = 500;
  let delayMs = 0;
  const server = createServer(
    asyncListener(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      if (req.method !== 'POST' || !req.url?.endsWith('/v1/audio/transcriptions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end('{"error":{"message":"not found"}}');
      }
      const boundary = /boundary="?([^";]+)"?/.exec(req.headers['content-type'] ?? '')?.[1] ?? '';
      const form = parseMultipart(Buffer.concat(chunks), boundary);
      const file = form.files.file;
      calls.push({
        authorization: req.headers.authorization ?? null,
        model: form.model as string | undefined,
        fileName: file?.name,
        bytes: file?.content,
      });
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (failures > 0) {
        failures -= 1;
        res.writeHead(failStatus, { 'content-type': 'application/json' });
        return res.end('{"error":{"message":"the model is loading"}}');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/audio/transcriptions`,
    calls,
    answer: (t) => (text = t),
    answerAfter: (ms) => (delayMs = ms),
    fail(times, status = 500) {
      failures = times;
      failStatus = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
