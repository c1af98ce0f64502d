// A local stand-in for the Anthropic Messages API over real HTTP, reached by the real SDK through `baseURL`.
// It records every raw request body and its headers, and answers from a script of assistant turns.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { asyncListener } from './async-listener.ts';
import { messagesRequestProblem } from './messages-request-check.ts';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The exact JSON body the SDK sent. */
  body: Record<string, any>;
  raw: string;
  /** Why the stand-in refused it (400, as the API refuses a malformed request); absent when it was taken. */
  refused?: string;
  /** The assistant message the stand-in answered with (streamed or not), once it answered with one. */
  answer?: AssistantMessage;
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

/** A citation of a search result the answer's text carries (the API's search_result_location). */
export interface ScriptedCitation {
  source: string;
  title?: string;
  cited_text?: string;
  search_result_index?: number;
}

export interface TurnSpec {
  thinking?: string;
  text?: string;
  /** Citations on the text block: in the body as its `citations`, streamed as `citations_delta` after its text. */
  citations?: ScriptedCitation[];
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
  /**
   * A streamed turn held open mid-answer: the first `afterChars` characters of its text go out as SSE deltas, then the
   * HTTP answer stays open until `until` settles, then the rest streams. A request without `stream: true` just waits.
   */
  | { holdAfterChars: number; until: Promise<unknown>; then: TurnSpec }
  /**
   * A stream that breaks mid-answer as the real API's do when it is overloaded: the first `afterChars` characters of
   * `then`'s text, then an SSE `error` event (`type`, e.g. overloaded_error) and the end of the HTTP answer.
   */
  | { failAfterChars: number; errorType: string; then: TurnSpec }
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

export const overloaded: { error: ScriptedError } = {
  error: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
};

let nextId = 1;

/** The signature a scripted thinking block carries, so tests can check it comes back unchanged. */
export const signatureOf = (thinking: string) => `sig-${Buffer.from(thinking).toString('base64').slice(0, 24)}`;

const searchResultLocation = (c: ScriptedCitation) => ({
  type: 'search_result_location',
  source: c.source,
  title: c.title ?? c.source,
  cited_text: c.cited_text ?? '',
  search_result_index: c.search_result_index ?? 0,
  start_block_index: 0,
  end_block_index: 1,
});

/** The next word boundary (a space) at or after `at`, or the end. */
const boundary = (text: string, at: number) => {
  const i = text.indexOf(' ', at);
  return i < 0 ? text.length : i;
};

/**
 * An answer's text blocks as the API returns them. Uncited: one block. Cited: split at the cited span as the
 * documentation shows, a block of text, a block carrying the citations, the rest of the sentence in a third block
 * ("Coffee came up", " with Ana and on", " a rainy evening."), so only concatenation reads as one sentence.
 */
export function textBlocks(text: string, citations?: ScriptedCitation[]): Record<string, unknown>[] {
  if (!citations?.length) return [{ type: 'text', text, citations: null }];
  const start = boundary(text, Math.floor(text.length / 3));
  const end = boundary(text, Math.floor((text.length * 2) / 3));
  const cited = citations.map(searchResultLocation);
  if (start === 0 || end <= start) return [{ type: 'text', text, citations: cited }];
  return [
    { type: 'text', text: text.slice(0, start), citations: null },
    { type: 'text', text: text.slice(start, end), citations: cited },
    ...(end < text.length ? [{ type: 'text', text: text.slice(end), citations: null }] : []),
  ];
}

/** Builds the full response body of an assistant turn, with usage estimated from sizes (~4 characters a token). */
export function assistantMessage(spec: TurnSpec, requestChars: number, model = 'claude-sonnet-5-5') {
  const content: Record<string, unknown>[] = [];
  if (spec.thinking !== undefined)
    content.push({ type: 'thinking', thinking: spec.thinking, signature: signatureOf(spec.thinking) });
  if (spec.text !== undefined) content.push(...textBlocks(spec.text, spec.citations));
  for (const t of spec.tools ?? []) {
    content.push({
      type: 'tool_use',
      id: t.id ?? `toolu_${String(nextId++).padStart(4, '0')}`,
      name: t.name,
      input: t.input,
      caller: { type: 'direct' },
    });
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

type AssistantMessage = ReturnType<typeof assistantMessage>;

/** Cuts a string into the small pieces a real stream delivers (a few tokens each). */
const pieces = (text: string, size = 12): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
};

/**
 * The server-sent events the real API streams for `message` (message_start, content_block_start/delta/stop with
 * text_delta, thinking_delta + signature_delta, input_json_delta, message_delta, message_stop, pings), each with the
 * number of answer-text characters sent once it is out (where a held stream pauses).
 */
export function streamEvents(
  message: AssistantMessage,
): { event: string; data: Record<string, any>; textChars: number }[] {
  const events: { event: string; data: Record<string, any>; textChars: number }[] = [];
  let textChars = 0;
  const push = (data: Record<string, unknown>) => events.push({ event: String(data.type), data, textChars });
  const { content, usage, stop_reason, stop_sequence, stop_details, ...head } = message;
  push({
    type: 'message_start',
    message: {
      ...head,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  push({ type: 'ping' });
  content.forEach((block: Record<string, any>, index) => {
    if (block.type === 'thinking') {
      push({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      for (const p of pieces(block.thinking))
        push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: p } });
      push({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } });
    } else if (block.type === 'text') {
      // A cited block starts with no citations (null, as the API does); each arrives as a citations_delta after the text.
      push({ type: 'content_block_start', index, content_block: { ...block, text: '', citations: null } });
      for (const p of pieces(block.text)) {
        textChars += p.length;
        push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: p } });
      }
      for (const citation of block.citations ?? [])
        push({ type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } });
    } else {
      const { input, ...rest } = block;
      push({ type: 'content_block_start', index, content_block: { ...rest, input: {} } });
      for (const p of pieces(JSON.stringify(input)))
        push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: p } });
    }
    push({ type: 'content_block_stop', index });
  });
  push({
    type: 'message_delta',
    delta: { stop_reason, stop_sequence, stop_details },
    usage: { output_tokens: usage.output_tokens },
  });
  push({ type: 'message_stop' });
  return events;
}

/** Answers a `stream: true` request as the real API does: `text/event-stream`, one event per write; optionally held open mid-text. */
async function streamTurn(
  res: ServerResponse,
  message: AssistantMessage,
  hold?: { chars: number; until: Promise<unknown>; errorType?: string },
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': `req_${nextId++}`,
  });
  let held = !hold;
  for (const e of streamEvents(message)) {
    if (!held && hold && (e.textChars > hold.chars || e.event === 'message_delta')) {
      held = true;
      await hold.until.catch(() => undefined);
      if (hold.errorType) {
        const error = {
          type: 'error',
          error: { type: hold.errorType, message: `stand-in: ${hold.errorType} mid-stream` },
        };
        return void res.end(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
      }
    }
    if (res.destroyed) return;
    res.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
  }
  res.end();
}

export interface StandInOptions {
  /**
   * Behave as Ollama's and llama.cpp's Anthropic-compatible servers do: inside a tool_result they keep only text and
   * image blocks, so a search_result (its text with it) never reaches the model. `requests` then hold what the model
   * saw; `raw` stays what was sent.
   */
  dropsSearchResults?: boolean;
}

/** A request as such a server passes it to its model: search_result blocks gone from every tool_result. */
function withoutSearchResults(body: Record<string, any>): Record<string, any> {
  const keep = (b: any) => b?.type === 'text' || b?.type === 'image';
  const block = (b: any) =>
    b?.type === 'tool_result' && Array.isArray(b.content) ? { ...b, content: b.content.filter(keep) } : b;
  const messages = (body.messages ?? []).map((m: any) =>
    Array.isArray(m?.content) ? { ...m, content: m.content.map(block) } : m,
  );
  return { ...body, messages };
}

export async function startMessagesApiStandIn(options: StandInOptions = {}): Promise<MessagesApiStandIn> {
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
      return json(
        res,
        e.status,
        { type: 'error', error: { type: e.type, message: e.message ?? e.type } },
        { 'retry-after-ms': '5', ...e.headers },
      );
    }
    if ('failAfterChars' in turn) {
      const message = assistantMessage(turn.then, request.raw.length, request.body.model);
      return streamTurn(res, message, {
        chars: turn.failAfterChars,
        until: Promise.resolve(),
        errorType: turn.errorType,
      });
    }
    if ('holdAfterChars' in turn) {
      if (request.body.stream === true)
        return streamTurn(res, assistantMessage(turn.then, request.raw.length, request.body.model), {
          chars: turn.holdAfterChars,
          until: turn.until,
        });
      await turn.until.catch(() => undefined);
      if (res.destroyed) return;
      return reply(turn.then, request, res);
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
    const message = assistantMessage(turn, request.raw.length, request.body.model);
    request.answer = message;
    if (request.body.stream === true) return streamTurn(res, message);
    json(res, 200, message);
  };

  const server = createServer(
    asyncListener(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = await readBody(req);
      if (req.method !== 'POST' || url.pathname !== '/v1/messages') {
        return json(res, 404, {
          type: 'error',
          error: { type: 'not_found_error', message: `stand-in: no route ${req.method} ${url.pathname}` },
        });
      }
      const sent = JSON.parse(raw);
      const body = options.dropsSearchResults ? withoutSearchResults(sent) : sent;
      const request: RecordedRequest = { path: url.pathname, headers: req.headers, body, raw };
      requests.push(request);
      // A request the real API would refuse is refused here too, before any scripted turn is spent on it.
      const problem = messagesRequestProblem(sent);
      if (problem !== null) {
        request.refused = problem;
        return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: problem } });
      }
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
    }),
  );
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

/** The search_result blocks of every tool_result in the request's last user message. */
export function searchResultsOf(req: RecordedRequest): Record<string, any>[] {
  return toolResultsOf(req).flatMap((r) =>
    Array.isArray(r.content) ? r.content.filter((b: any) => b.type === 'search_result') : [],
  );
}
