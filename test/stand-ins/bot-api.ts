// A local stand-in for the Telegram Bot API over real HTTP, reached by grammY through `apiRoot`.
// It records every call, long-polls queued updates, serves files, and fails on request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { asyncListener } from './async-listener.ts';
import { botApiCallProblem, knownBotApiMap } from '../../src/try/bot-api-refusals.ts';
import type { AddressInfo } from 'node:net';
import { everydayResult, messageIds, STAND_IN_BOT_INFO } from '../../src/try/bot-api-answers.ts';
import { parseMultipart } from '../../src/try/multipart.ts';

export interface RecordedCall {
  method: string;
  payload: Record<string, any>;
}

export interface Failure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

/** The stand-in bot's identity (src/try/bot-api-answers.ts, shared with npm run try). */
export const TEST_BOT_INFO = STAND_IN_BOT_INFO;

export interface BotApiStandIn {
  /** The apiRoot to give grammY (no trailing slash). */
  url: string;
  calls: RecordedCall[];
  callsTo(method: string): RecordedCall[];
  /** Queues an update for getUpdates; update_id is assigned when missing. */
  queueUpdate(update: Record<string, any>): void;
  /** Makes the next `times` calls of `method` fail with this Bot API error (`Infinity`: every call). */
  fail(method: string, failure: Failure, times?: number): void;
  /** Answers every call of `method` after `ms` (a slow Telegram, so handlers take time). */
  slow(method: string, ms: number): void;
  /**
   * Holds the answers to the next `times` calls of `method` open until `until` settles (a slow upload): each call is
   * recorded when it arrives, so the bot's message has reached "Telegram" while the bot still waits for the answer.
   */
  hold(method: string, until: Promise<unknown>, times?: number): void;
  /**
   * Turns topics in the bot's private chats on or off, as its owner does in @BotFather (off at first, as
   * TEST_BOT_INFO.has_topics_enabled says): createForumTopic answers with a new topic, or refuses while they are off.
   */
  enableTopics(enabled?: boolean): void;
  /**
   * Refuses every sendRichMessage and sendRichMessageDraft as a Telegram without rich messages (Bot API 10.1) does, or
   * takes them again (`false`); they are taken at first.
   */
  refuseRichMessages(refuse?: boolean): void;
  /** Serves `content` for getFile(file_id) and its download. */
  addFile(fileId: string, content: Buffer | string): void;
  /**
   * The next download of `fileId` sends its first `bytes` bytes, then nothing more until `until` settles (a slow or
   * stalled connection); `started` resolves once those bytes are out.
   */
  stallFile(fileId: string, bytes: number, until: Promise<unknown>): { started: Promise<void> };
  /** The webhook the bot registered with setWebhook (null after deleteWebhook). */
  webhook(): { url: string; secretToken: string | undefined } | null;
  /**
   * Delivers queued updates as Telegram does in webhook mode: POSTed one at a time, in order, with the registered
   * secret token, to `localUrl` (standing in for the public URL), each sent again until it gets a 2xx.
   */
  deliverWebhooksTo(localUrl: string): void;
  /** Resolves once `predicate` holds for the recorded calls (polls). */
  waitFor(predicate: (calls: RecordedCall[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startBotApiStandIn(): Promise<BotApiStandIn> {
  const calls: RecordedCall[] = [];
  const updates: Record<string, any>[] = [];
  const failures = new Map<string, { failure: Failure; times: number }>();
  const delays = new Map<string, number>();
  const holds = new Map<string, { until: Promise<unknown>; times: number }>();
  const files = new Map<string, Buffer>();
  const stalls = new Map<string, { bytes: number; until: Promise<unknown>; started: () => void }>();
  const waiters = new Set<() => void>();
  let nextUpdateId = 1;
  const ids = messageIds();
  const knownMethods = knownBotApiMap();
  let topicsEnabled = false;
  let richRefused = false;
  let nextThreadId = 500;

  const wake = () => {
    for (const w of waiters) w();
    waiters.clear();
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const readBody = async (req: IncomingMessage): Promise<Record<string, any>> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const type = req.headers['content-type'] ?? '';
    // Uploads (sendDocument with an InputFile) come as multipart: fields as strings, files under `files`.
    if (type.startsWith('multipart/form-data')) {
      return parseMultipart(Buffer.concat(chunks), /boundary="?([^";]+)"?/.exec(type)?.[1] ?? '');
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    if (!raw) return {};
    try {
      return JSON.parse(raw);
    } catch {
      return { raw };
    }
  };

  const confirmBefore = (offset: number) => {
    for (let i = updates.length - 1; i >= 0; i--) if (updates[i]!.update_id < offset) updates.splice(i, 1);
  };

  const pendingAfter = (offset: number) => updates.filter((u) => u.update_id >= offset);

  const answer = async (method: string, payload: Record<string, any>, res: ServerResponse) => {
    const delay = delays.get(method);
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const held = holds.get(method);
    if (held && held.times > 0) {
      held.times -= 1;
      await held.until.catch(() => undefined);
    }
    const failing = failures.get(method);
    if (failing && failing.times > 0) {
      failing.times -= 1;
      return json(res, failing.failure.error_code, { ok: false, ...failing.failure });
    }
    const ok = (result: unknown) => json(res, 200, { ok: true, result });
    switch (method) {
      case 'setWebhook':
        webhook = { url: String(payload.url), secretToken: payload.secret_token };
        wake();
        return ok(true);
      case 'deleteWebhook':
        webhook = null;
        return ok(true);
      case 'getUpdates': {
        if (webhook)
          return json(res, 409, {
            ok: false,
            error_code: 409,
            description:
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          });
        const offset = Number(payload.offset ?? 0);
        // As Telegram does: asking from an offset confirms, and forgets, every update before it.
        confirmBefore(offset);
        const deadline = Date.now() + Math.min(Number(payload.timeout ?? 0), 2) * 1000;
        while (pendingAfter(offset).length === 0 && Date.now() < deadline && !closed) {
          await new Promise<void>((resolve) => {
            waiters.add(resolve);
            setTimeout(resolve, 50);
          });
        }
        return ok(pendingAfter(offset).slice(0, Number(payload.limit ?? 100)));
      }
      case 'sendMessageDraft': {
        // Checked as Telegram does (Bot API 9.3); refusing every draft is `fail('sendMessageDraft', …, Infinity)`.
        const bad = (description: string) =>
          json(res, 400, { ok: false, error_code: 400, description: `Bad Request: ${description}` });
        if (!Number.isInteger(payload.draft_id) || payload.draft_id === 0)
          return bad('draft_id must be a non-zero integer');
        if (typeof payload.text === 'string' && payload.text.length > 4096) return bad('text is too long');
        return ok(true);
      }
      case 'sendRichMessage':
      case 'sendRichMessageDraft': {
        const bad = (description: string) =>
          json(res, 400, { ok: false, error_code: 400, description: `Bad Request: ${description}` });
        if (richRefused) return bad('rich messages are not supported');
        const rich = payload.rich_message;
        // Checked as Telegram does: exactly one of blocks, html and markdown.
        const given = ['blocks', 'html', 'markdown'].filter((k) => rich?.[k] !== undefined);
        if (given.length !== 1) return bad('exactly one of blocks, html or markdown must be given');
        if (method === 'sendRichMessageDraft') {
          if (!Number.isInteger(payload.draft_id) || payload.draft_id === 0)
            return bad('draft_id must be a non-zero integer');
          return ok(true);
        }
        return ok(everydayResult(method, payload, ids));
      }
      case 'createForumTopic':
        // Bot API 9.4: bots create topics in private chats once topics are enabled for them in @BotFather.
        if (!topicsEnabled)
          return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: the chat is not a forum' });
        return ok({ message_thread_id: nextThreadId++, name: payload.name, icon_color: 7322096 });
      case 'getFile': {
        const content = files.get(payload.file_id);
        if (!content)
          return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid file_id' });
        return ok({
          file_id: payload.file_id,
          file_unique_id: `u-${payload.file_id}`,
          file_size: content.length,
          file_path: `documents/${payload.file_id}.json`,
        });
      }
      default:
        return ok(everydayResult(method, payload, ids)); // getMe, the messages it sends, setMyCommands, reactions…
    }
  };

  let closed = false;
  let webhook: { url: string; secretToken: string | undefined } | null = null;

  /** Posts queued updates to the bot's webhook server while one is registered; an update leaves the queue on a 2xx only. */
  const deliverLoop = async (localUrl: string) => {
    while (!closed) {
      const next = updates[0];
      if (!webhook || !next) {
        await new Promise<void>((resolve) => {
          waiters.add(resolve);
          setTimeout(resolve, 50);
        });
        continue;
      }
      let delivered: boolean;
      try {
        const response = await fetch(localUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(webhook.secretToken ? { 'x-telegram-bot-api-secret-token': webhook.secretToken } : {}),
          },
          body: JSON.stringify(next),
        });
        await response.arrayBuffer();
        delivered = response.ok;
      } catch {
        delivered = false; // the bot is down: Telegram keeps the update and tries again
      }
      if (delivered) updates.splice(updates.indexOf(next), 1);
      else await new Promise((r) => setTimeout(r, 100));
    }
  };

  const server = createServer(
    asyncListener(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const fileMatch = /^\/file\/bot[^/]+\/documents\/(.+)\.json$/.exec(url.pathname);
      if (req.method === 'GET' && fileMatch) {
        const content = files.get(decodeURIComponent(fileMatch[1] ?? ''));
        if (!content) return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': content.length });
        const stall = stalls.get(decodeURIComponent(fileMatch[1] ?? ''));
        if (stall) {
          stalls.delete(decodeURIComponent(fileMatch[1] ?? ''));
          res.write(content.subarray(0, stall.bytes), () => stall.started());
          await stall.until.catch(() => undefined);
          return res.end(content.subarray(stall.bytes));
        }
        return res.end(content);
      }
      const apiMatch = /^\/bot[^/]+\/(\w+)$/.exec(url.pathname);
      if (!apiMatch) return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const method = apiMatch[1] ?? '';
      const payload = { ...Object.fromEntries(url.searchParams), ...(await readBody(req)) };
      calls.push({ method, payload });
      wake();
      // What the installed @grammyjs/types does not know, Telegram would not take either: the one list npm run try's
      // stand-in reads too (src/try/bot-api-known.ts; strict-bot-api-stand-in.test.ts holds it to the package).
      const problem = botApiCallProblem(knownMethods, method, payload);
      if (problem) return json(res, problem.error_code, { ok: false, ...problem });
      await answer(method, payload, res);
    }),
  );
  // Idle keep-alive connections stay open as long as Telegram's do: grammY's agent reuses them with no idle timeout of
  // its own, and Node's default of 5 s closes one now and then just as a request goes out on it (ECONNRESET).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsTo: (method) => calls.filter((c) => c.method === method),
    queueUpdate(update) {
      const update_id = update.update_id ?? nextUpdateId;
      nextUpdateId = Math.max(nextUpdateId, update_id + 1);
      updates.push({ ...update, update_id });
      wake();
    },
    slow(method, ms) {
      delays.set(method, ms);
    },
    hold(method, until, times = 1) {
      holds.set(method, { until, times });
    },
    fail(method, failure, times = 1) {
      failures.set(method, { failure, times });
    },
    enableTopics(enabled = true) {
      topicsEnabled = enabled;
    },
    refuseRichMessages(refuse = true) {
      richRefused = refuse;
    },
    addFile(fileId, content) {
      files.set(fileId, Buffer.isBuffer(content) ? content : Buffer.from(content));
    },
    stallFile(fileId, bytes, until) {
      let started!: () => void;
      const promise = new Promise<void>((resolve) => (started = resolve));
      stalls.set(fileId, { bytes, until, started });
      return { started: promise };
    },
    webhook: () => webhook,
    deliverWebhooksTo(localUrl) {
      void deliverLoop(localUrl);
    },
    async waitFor(predicate, timeoutMs = 5000) {
      // Checked again on every recorded call (wake), not on a timer; the timeout only bounds a hang.
      const deadline = Date.now() + timeoutMs;
      while (!predicate(calls)) {
        if (Date.now() > deadline)
          throw new Error(
            `stand-in Bot API: condition not met in ${timeoutMs} ms; calls: ${calls.map((c) => c.method).join(', ')}`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()) + 1);
          waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async close() {
      closed = true;
      wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
