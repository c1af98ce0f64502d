/**
 * A small bridge that puts the stdio MCP server behind Streamable HTTP, for the conformance suite (which only speaks
 * HTTP): each `initialize` starts its own server process (`node dist/cli/mcp.js`) under a new Mcp-Session-Id; a
 * request is written to that process's stdin and answered with the JSON-RPC response of the same id from its stdout;
 * a notification is 202; DELETE ends the session. Loopback only; this is test scaffolding, not a deployment path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';

interface Session {
  child: ChildProcess;
  waiting: Map<string, (message: unknown) => void>;
}

export interface StdioBridge {
  url: string;
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** `command` and `args` start one stdio server; each session gets its own. */
export async function startStdioBridge(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<StdioBridge> {
  const sessions = new Map<string, Session>();

  function startSession(): [string, Session] {
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    const session: Session = { child, waiting: new Map() };
    createInterface({ input: child.stdout }).on('line', (line) => {
      let message: { id?: unknown };
      try {
        message = JSON.parse(line) as { id?: unknown };
      } catch {
        return; // only JSON-RPC is written to stdout; anything else is not ours to answer with
      }
      const key = JSON.stringify(message.id ?? null);
      session.waiting.get(key)?.(message);
      session.waiting.delete(key);
    });
    const id = randomUUID();
    sessions.set(id, session);
    return [id, session];
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const sessionId = req.headers['mcp-session-id'];
        if (req.method === 'DELETE') {
          const session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
          session?.child.kill();
          if (typeof sessionId === 'string') sessions.delete(sessionId);
          res.writeHead(session ? 200 : 404).end();
          return;
        }
        if (req.method !== 'POST') {
          res.writeHead(405, { allow: 'POST, DELETE' }).end();
          return;
        }
        const body = JSON.parse(await readBody(req)) as { id?: unknown; method?: string };
        let id = typeof sessionId === 'string' ? sessionId : undefined;
        let session = id ? sessions.get(id) : undefined;
        if (!session && body.method === 'initialize') [id, session] = startSession();
        if (!session) {
          res.writeHead(id ? 404 : 400, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: body.id ?? null,
              error: { code: -32000, message: id ? 'Unknown session' : 'Missing Mcp-Session-Id' },
            }),
          );
          return;
        }
        if (body.id === undefined) {
          session.child.stdin!.write(`${JSON.stringify(body)}\n`);
          res.writeHead(202).end();
          return;
        }
        const answer = new Promise<unknown>((resolve) => session.waiting.set(JSON.stringify(body.id), resolve));
        session.child.stdin!.write(`${JSON.stringify(body)}\n`);
        const message = await answer;
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': id! }).end(JSON.stringify(message));
      } catch (error) {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Bridge: ${String(error)}` } }),
        );
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    async close() {
      for (const session of sessions.values()) session.child.kill();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
