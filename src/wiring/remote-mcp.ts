/**
 * Wires remote MCP onto the bot's HTTP server (the webhook's port, or WEB_PORT when polling) when PUBLIC_URL is set:
 * the authorization server (src/oauth/), the resource server at /mcp (src/mcp/remote-server.ts) over each owner's
 * journal, and the ledger. Its own file so that a bot without PUBLIC_URL never loads the MCP SDK (main.ts imports it
 * only when set), as journal-web-view.ts does for the web view.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from './app.ts';
import { journalSettings } from '../config/derived-settings.ts';
import { builtPath, packageVersion } from '../db/code-location.ts';
import { createOauthStore } from '../oauth/oauth-store.ts';
import { createSentLedgerStore } from '../db/sent-ledger-store.ts';
import { JOURNAL_ROOT_ID, journalToday, openJournalOperations } from '../journal/journal-operations.ts';
import { createPictures } from '../journal/media/picture-cache.ts';
import { createDecodePool } from '../journal/media/decode-pool.ts';
import { errorMessage } from '../log/error-message.ts';
import { serverInstructions } from '../mcp/instructions.ts';
import { BodyTooLarge, sendWebResponse, toWebRequest } from '../mcp/node-http.ts';
import { createObjectsServer } from '../mcp/objects-server.ts';
import { readBuiltPages } from '../mcp/app-views.ts';
import { createRemoteMcp, type RemoteAccess } from '../mcp/remote-server.ts';
import { createSentReports } from '../mcp/sent-report.ts';
import { authorizationServerMetadata, createAuthorizationServer, OAUTH_PATHS } from '../oauth/authorization-server.ts';
import { clientAddress } from '../oauth/client-address.ts';
import { createConnections } from '../oauth/connections.ts';
import { createRateLimit } from '../oauth/rate-limit.ts';
import { MAX_BODY_BYTES } from '../telegram/intake/webhook-server.ts';

/** The ledger's endpoint for entry text a remote MCP client received; the client's name is its model. */
export const REMOTE_MCP_ENDPOINT = 'mcp:remote';
/** Calls of one grant per minute: far above a model's pace, well below a flood. */
const CALLS_PER_MINUTE = 240;
/** Registrations and authorization pages per client address per minute. */
const OAUTH_REQUESTS_PER_MINUTE = 30;

type HttpHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface RemoteMcpRoutes {
  /** Answers the request when its path is one of remote MCP's (true), else leaves it alone (false). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** The server's routes besides the webhook: remote MCP's, then `other`'s (the web view; without one, 404). */
  before(other: { handle: HttpHandler } | null): { handle: HttpHandler };
  /** Ends open streams and waits for ledger writes. */
  close(): Promise<void>;
}

export interface RemoteMcpRoutesDeps extends Pick<AppDeps, 'config' | 'db' | 'clock' | 'logger'> {
  botUsername: string;
  /** Calls per grant per minute; tests lower it to see the limit. */
  callsPerMinute?: number;
}

export function createRemoteMcpRoutes(deps: RemoteMcpRoutesDeps): RemoteMcpRoutes {
  const { config, db, clock, logger } = deps;
  const publicUrl = config.publicUrl;
  if (!publicUrl) throw new Error('remote MCP needs PUBLIC_URL');
  const settings = journalSettings(config, clock);
  const store = createOauthStore(db);
  const isAllowedOwner = (ownerId: number) => config.allowedUserIds.includes(ownerId);
  const connections = createConnections({ store, clock, isAllowedOwner });
  const minute = { windowMs: 60_000, clock };
  const calls = createRateLimit({ perWindow: deps.callsPerMinute ?? CALLS_PER_MINUTE, ...minute });
  const metadata = authorizationServerMetadata(publicUrl);
  const authorization = createAuthorizationServer({
    store,
    issuer: publicUrl,
    resource: `${publicUrl}/mcp`,
    botUsername: deps.botUsername,
    clock,
    isAllowedOwner,
    limit: createRateLimit({ perWindow: OAUTH_REQUESTS_PER_MINUTE, ...minute }),
    logger,
  });
  const sent = createSentReports({ ledger: createSentLedgerStore(db), clock, logger });
  const version = packageVersion();
  const rootIds = [JOURNAL_ROOT_ID];
  // One decode pool for every grant's viewMedia: a burst of requests waits for its slots, in child processes.
  const pictures = createPictures({ db, pool: createDecodePool(), clock });

  const serverFor = async (access: RemoteAccess) => {
    const operations = openJournalOperations(db, access.ownerId, settings, {
      reportSent: sent.reporter(access.ownerId, REMOTE_MCP_ENDPOINT, access.clientName),
      pictures,
    });
    return createObjectsServer({
      operations,
      instructions: await serverInstructions(operations, rootIds),
      rootIds,
      today: () => journalToday(settings),
      logger,
      version,
      readAppPage: readBuiltPages(builtPath),
    });
  };
  const remote = createRemoteMcp({
    publicUrl,
    oauthMetadata: metadata,
    verify: (token) => connections.verifyAccessToken(token),
    takeCall: (grantId) => calls.take(String(grantId)),
    retryAfterSeconds: () => calls.retryAfterSeconds(),
    serverFor,
    maxBodyBytes: MAX_BODY_BYTES,
    logger,
  });
  const paths = new Set([...Object.values(OAUTH_PATHS), ...remote.paths]);

  const routes: RemoteMcpRoutes = {
    before: (other) => ({
      async handle(req, res) {
        if (await routes.handle(req, res)) return;
        if (other) return other.handle(req, res);
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('not found');
      },
    }),
    async handle(req, res) {
      let path: string;
      try {
        path = new URL(req.url ?? '/', 'http://localhost').pathname;
      } catch {
        return false; // not a target this server can read: the other routes answer it
      }
      if (!paths.has(path.length > 1 ? path.replace(/\/$/, '') : path)) return false;
      try {
        const request = await toWebRequest(req, res, publicUrl, MAX_BODY_BYTES);
        const response =
          (await authorization.handle(
            request,
            clientAddress(
              req.socket.remoteAddress ?? 'unknown',
              request.headers.get('x-forwarded-for') ?? undefined,
              config.trustProxy,
            ),
          )) ??
          (await remote.fetch(request)) ??
          new Response('not found', { status: 404 });
        await sendWebResponse(res, response);
      } catch (error) {
        const tooLarge = error instanceof BodyTooLarge;
        if (!tooLarge) logger.error('mcp.remote_request_failed', { path, error: errorMessage(error) });
        if (!res.headersSent) {
          res.writeHead(tooLarge ? 413 : 500, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
          res.end(tooLarge ? 'too large' : 'the server failed; try again');
        } else res.destroy();
      }
      return true;
    },
    async close() {
      await remote.close();
      await sent.settled();
    },
  };
  return routes;
}
