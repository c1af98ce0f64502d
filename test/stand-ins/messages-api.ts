// A local stand-in for the Anthropic Messages API over real HTTP, reached by the real SDK through `baseURL`.
// It records every raw request body and its headers, and answers from a script of assistant turns.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The exact JSON body the SDK sent. */
  body: Record<string, any>;
  raw: string;
}

export interface ScriptedError {
  status: number;
  type: string;
  message?: string;
  headers?: Record<string, string>;
}

export interface ToolCall {
  name: string;
  input: unknown;
  id?: string;
}

export interface TurnSpec {
  thinking?: string;
  text?: string;
  tools?: ToolCall[];
  stop?: 'end_turn' | 'tool_use' | 'max_tokens' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';
  stopDetails?: Record<string, unknown>;
}

/** One scripted reply: an assistant turn, an API error, or a function of the request that returns either. */
export type Turn =
  | TurnSpec
  | { error: ScriptedError }
  | { delayMs: number; then: TurnSpec }
  /** Holds the HTTP answer open until `until` settles (a question the model is slow to answer), then answers. */
  | { until: Promise<unknown>; then: TurnSpec }
  | ((req: RecordedRequest) => Turn);

export interface MessagesApiStandIn {
  /** The baseURL to give the SDK. */
  url: string;
  requests: RecordedRequest[];
  /** Appends turns; each request to /v1/messages consumes the next one. */
  script(...turns: Turn[]): void;
  /** Turns not consumed yet. */
  remaining(): number;
  /** Answers every request for `model` with `answer` instead of the script (e.g. ask's reader, whose calls run concurrently). */
  serveModel(model: string, answer: (req: RecordedRequest) => Turn): void;
  /** The most requests that were open at the same time. */
  peakInFlight(): number;
  close(): Promise<void>;
}

export const overloaded: { error: ScriptedError } = { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } };

let nextId = 1;

/** The signature a scripted thinking block carries, so tests can check it comes back unchanged. */
export const signatureOf = (thinking: string) => `sig-${Buffer.from(thinking).toString('base64').slice(0, 24)}`;

/** Builds the full response body of an assistant turn, with usage estimated from sizes (~4 characters a token). */
export function assistantMessage(spec: TurnSpec, requestChars: number, model = 'claude-sonnet-5-5') {
  const content: Record<string, unknown>[] = [];
  if (spec.thinking !== undefined) content.push({ type: 'thinking', thinking: spec.thinking, signature: signatureOf(spec.thinking) });
  if (spec.text !== undefined) content.push({ type: 'text', text: spec.text, citations: null });
  for (const t of spec.tools ?? []) {
    content.push({ type: 'tool_use', id: t.id ?? `toolu_${String(nextId++).padStart(4, '0')}`, name: t.name, input: t.input, caller: { type: 'direct' } });
  }
  const stop = spec.stop ?? (spec.tools?.length ? 'tool_use' : 'end_turn');
  return {
    id: `msg_${String(nextId++).padStart(4, '0')}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    stop_details: spec.stopDetails ?? null,
    usage: {
      input_tokens: Math.ceil(requestChars / 4),
      output_tokens: Math.ceil(JSON.stringify(content).length / 4),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      service_tier: 'standard',
    },
  };
}

export async function startMessagesApiStandIn(): Promise<MessagesApiStandIn> {
  const requests: RecordedRequest[] = [];
  const turns: Turn[] = [];
  const served = new Map<string, (req: RecordedRequest) => Turn>();
  let inFlight = 0;
  let peak = 0;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${nextId++}`, ...headers });
    res.end(JSON.stringify(body));
  };

  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const reply = async (turn: Turn, request: RecordedRequest, res: ServerResponse): Promise<void> => {
    if (typeof turn === 'function') return reply(turn(request), request, res);
    if ('error' in turn) {
      const e = turn.error;
      // A tiny retry-after keeps the SDK's real retries fast in tests.
      return json(res, e.status, { type: 'error', error: { type: e.type, message: e.message ?? e.type } }, { 'retry-after-ms': '5', ...e.headers });
    }
    if ('until' in turn) {
      await turn.until.catch(() => undefined);
      if (res.destroyed) return;
      return reply(turn.then, request, res);
    }
    if ('delayMs' in turn) {
      await new Promise((r) => setTimeout(r, turn.delayMs));
      if (res.destroyed) return;
      return reply(turn.then, request, res);
    }
    json(res, 200, assistantMessage(turn, request.raw.length, request.body.model));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = await readBody(req);
    if (req.method !== 'POST' || url.pathname !== '/v1/messages') {
      return json(res, 404, { type: 'error', error: { type: 'not_found_error', message: `stand-in: no route ${req.method} ${url.pathname}` } });
    }
    const request: RecordedRequest = { path: url.pathname, headers: req.headers, body: JSON.parse(raw), raw };
    requests.push(request);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    res.on('close', () => void (inFlight -= 1));
    const serve = served.get(request.body.model);
    if (serve) return reply(serve(request), request, res);
    const turn = turns.shift();
    if (!turn) {
      const message = `stand-in: no scripted turn left for request ${requests.length}`;
      return json(res, 500, { type: 'error', error: { type: 'api_error', message } }, { 'x-should-retry': 'false' });
    }
    await reply(turn, request, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...more) => void turns.push(...more),
    remaining: () => turns.length,
    serveModel: (model, answer) => void served.set(model, answer),
    peakInFlight: () => peak,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The tool_result blocks of the last user message of a request. */
export function toolResultsOf(req: RecordedRequest): Record<string, any>[] {
  const last = req.body.messages?.at(-1);
  if (!last || last.role !== 'user' || typeof last.content === 'string') return [];
  return last.content.filter((b: any) => b.type === 'tool_result');
}

/** The text of the last tool_result in the request, parsed as JSON when it is JSON. */
export function lastToolResult(req: RecordedRequest): any {
  const result = toolResultsOf(req).at(-1);
  const text = typeof result?.content === 'string' ? result.content : (result?.content?.[0]?.text ?? '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
