// npm run try's Telegram: a Bot API stand-in over real HTTP on 127.0.0.1 inside the process, so the real bot (the
// same createApp and grammY client) runs with no token and no network. It hands every call to `onCall` and serves
// the files the terminal sends (a photo typed as a path) to the bot's download.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { everydayResult, messageIds, type CallPayload } from './bot-api-answers.ts';
import { parseMultipart } from './multipart.ts';
import { botApiCallProblem, knownBotApiMap } from './bot-api-refusals.ts';

export interface LocalBotApi {
  /** The apiRoot to give grammY (no trailing slash). */
  url: string;
  /** Serves `content` for getFile(fileId) and its download. */
  addFile(fileId: string, content: Buffer): void;
  close(): Promise<void>;
}

/** A call the bot made: its method and parameters (an upload's bytes under `files`), and what it was answered. */
export interface BotCall {
  method: string;
  payload: CallPayload;
  result?: unknown;
}

/** Topics' thread ids, as Telegram hands them out: a topic's id is the id of the message that started it. */
const FIRST_TOPIC_ID = 2;

async function readPayload(req: IncomingMessage, url: URL): Promise<CallPayload> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  const fromQuery = Object.fromEntries(url.searchParams);
  if (type.startsWith('multipart/form-data'))
    return { ...fromQuery, ...parseMultipart(body, /boundary="?([^";]+)"?/.exec(type)?.[1] ?? '') };
  if (body.length === 0) return fromQuery;
  try {
    return { ...fromQuery, ...(JSON.parse(body.toString('utf8')) as CallPayload) };
  } catch {
    return fromQuery; // not JSON: answered as a call without parameters, as Telegram ignores what it cannot read
  }
}

export async function startLocalBotApi(onCall: (call: BotCall) => void): Promise<LocalBotApi> {
  const ids = messageIds();
  const known = knownBotApiMap();
  const files = new Map<string, Buffer>();
  let nextTopicId = FIRST_TOPIC_ID;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const download = /^\/file\/bot[^/]+\/files\/(.+)$/.exec(url.pathname);
    if (download) {
      const content = files.get(decodeURIComponent(download[1] ?? ''));
      if (!content) return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': content.length });
      return res.end(content);
    }
    const api = /^\/bot[^/]+\/(\w+)$/.exec(url.pathname);
    if (!api) return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const method = api[1] ?? '';
    readPayload(req, url).then(
      (payload) => {
        // A method or parameter the Bot API does not have is refused as Telegram refuses it (bot-api-refusals.ts).
        const problem = botApiCallProblem(known, method, payload);
        if (problem) {
          onCall({ method, payload });
          return json(res, problem.error_code, { ok: false, ...problem });
        }
        if (method === 'getFile') {
          onCall({ method, payload });
          const fileId = String(payload.file_id);
          const content = files.get(fileId);
          if (!content)
            return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid file_id' });
          return json(res, 200, {
            ok: true,
            result: {
              file_id: fileId,
              file_unique_id: `u-${fileId}`,
              file_size: content.length,
              file_path: `files/${fileId}`,
            },
          });
        }
        // Updates come from the terminal straight into the inbox; drafts and the rest are simply accepted.
        const everyday = everydayResult(method, payload, ids);
        const result =
          method === 'createForumTopic'
            ? // A ForumTopic, as Telegram answers (a private chat's topics, once the bot has them on).
              { message_thread_id: nextTopicId++, name: String(payload.name ?? ''), icon_color: 7322096 }
            : everyday === undefined
              ? method === 'getUpdates'
                ? []
                : true
              : everyday;
        onCall({ method, payload, result });
        json(res, 200, { ok: true, result });
      },
      () => json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: unreadable body' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    addFile: (fileId, content) => void files.set(fileId, content),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
