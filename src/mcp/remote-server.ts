/**
 * The MCP server over Streamable HTTP at /mcp, as an OAuth resource server (the SDK's parts): the protected-resource
 * metadata (RFC 9728) and the authorization server's (RFC 8414) at their well-known paths, a 403 for a foreign
 * Origin, a refused JSON-RPC batch, a 401 with `WWW-Authenticate: Bearer resource_metadata="…", scope="journal"` for
 * a request without credentials (and `error="invalid_token"` for one whose token is not valid), then one fresh server per
 * request for the token's owner (the same tools as stdio, from objects-server.ts). Stateless, per the 2026-07-28 spec.
 */
import {
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  oauthMetadataResponse,
  requireBearerAuth,
  type AuthInfo,
  type McpServer,
  type OAuthMetadata,
} from '@modelcontextprotocol/server';
import { errorMessage } from '../log/error-message.ts';
import type { Logger } from '../log/logger.ts';

/** The owner and grant behind a valid access token (what the authorization server's check returns). */
export interface RemoteAccess {
  ownerId: number;
  grantId: number;
  clientId: string;
  clientName: string;
  scopes: string[];
  resource: string;
  expiresAt: number;
}

export interface RemoteMcpDeps {
  /** The public origin, e.g. https://journal.example.com: /mcp is the resource. */
  publicUrl: string;
  oauthMetadata: OAuthMetadata;
  /** The access behind a token, or null when it is unknown, expired or revoked. */
  verify(token: string): Promise<RemoteAccess | null>;
  /** Counts a call of a grant; false when the grant is over its rate limit. */
  takeCall(grantId: number): boolean;
  retryAfterSeconds(): number;
  /** A fresh server over the owner's journal for one request. */
  serverFor(access: RemoteAccess): Promise<McpServer>;
  /** The largest request body (bytes). */
  maxBodyBytes: number;
  logger: Logger;
}

export const MCP_PATH = '/mcp';

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: '2.0', id: null, error: { code, message } }, { status, headers });

/**
 * The HTTP checks before any token is looked at: an Origin that is present and not the public origin gets 403 (the
 * Streamable HTTP transport's MUST, against DNS rebinding and cross-site pages), and a JSON-RPC batch is refused
 * (removed from MCP in 2025-06-18; refused, a batch of 100 cannot pass the per-grant limit as one request).
 */
async function guardProblem(request: Request, publicOrigin: string): Promise<Response | null> {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== publicOrigin)
    return rpcError(403, -32600, `Origin ${origin.slice(0, 200)} may not call this server`);
  if (request.method !== 'POST') return null;
  try {
    const body = (await request.clone().text()).trimStart();
    if (body.startsWith('['))
      return rpcError(
        400,
        -32600,
        'JSON-RPC batches are not supported (MCP 2025-06-18 removed them): send one message per request',
      );
  } catch {
    return null; // the handler reads the body again and answers what it cannot read
  }
  return null;
}
export interface RemoteMcp {
  /** The paths this answers (besides /mcp): the two well-known metadata documents. */
  paths: readonly string[];
  /** Answers /mcp and the metadata; undefined for any other path. */
  fetch(request: Request): Promise<Response | undefined>;
  close(): Promise<void>;
}

export function createRemoteMcp(deps: RemoteMcpDeps): RemoteMcp {
  const resourceUrl = new URL(MCP_PATH, deps.publicUrl);
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resourceUrl);
  const metadataOptions = {
    oauthMetadata: deps.oauthMetadata,
    resourceServerUrl: resourceUrl,
    scopesSupported: deps.oauthMetadata.scopes_supported,
    resourceName: 'Journal',
    // PUBLIC_URL is https except on a loopback address (config.ts): tests run the whole flow on 127.0.0.1.
    dangerouslyAllowInsecureIssuerUrl: isLoopback(resourceUrl),
  };
  const accessOf = (auth: AuthInfo) => auth.extra?.access as RemoteAccess;
  const challenge = `Bearer resource_metadata="${resourceMetadataUrl}", scope="${(deps.oauthMetadata.scopes_supported ?? []).join(' ')}"`;
  const gate = requireBearerAuth({
    verifier: {
      async verifyAccessToken(token) {
        const access = await deps.verify(token);
        if (!access)
          throw new OAuthError(OAuthErrorCode.InvalidToken, 'the access token is unknown, expired or revoked');
        return {
          token,
          clientId: access.clientId,
          scopes: access.scopes,
          expiresAt: access.expiresAt,
          resource: new URL(access.resource),
          extra: { access },
        };
      },
    },
    resourceMetadataUrl,
    expectedResource: resourceUrl,
  });
  const handler = createMcpHandler(
    async (ctx) => {
      if (!ctx.authInfo) throw new Error('an MCP request reached the server without a verified token');
      return deps.serverFor(accessOf(ctx.authInfo));
    },
    {
      maxRequestBodySize: deps.maxBodyBytes,
      onerror: (error) => deps.logger.error('mcp.remote_error', { error: errorMessage(error) }),
    },
  );

  return {
    paths: [
      new URL(resourceMetadataUrl).pathname,
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-authorization-server',
      MCP_PATH,
    ],
    async fetch(request) {
      const metadata = oauthMetadataResponse(request, metadataOptions);
      if (metadata) return metadata;
      const path = new URL(request.url).pathname;
      // The origin-level protected-resource document, for clients that look there first.
      if (path === '/.well-known/oauth-protected-resource')
        return oauthMetadataResponse(new Request(resourceMetadataUrl, { method: request.method }), metadataOptions);
      if (path !== MCP_PATH) return undefined;
      const refused = await guardProblem(request, resourceUrl.origin);
      if (refused) return refused;
      // No credentials at all: the challenge says where to get them, with no error (RFC 6750 §3.1).
      if (!request.headers.has('authorization'))
        return new Response(null, { status: 401, headers: { 'www-authenticate': challenge } });
      const auth = await gate(request);
      if (auth instanceof Response) return auth;
      const access = accessOf(auth);
      if (!deps.takeCall(access.grantId)) {
        return rpcError(429, -32000, 'Too many requests from this connection; try again shortly.', {
          'retry-after': String(deps.retryAfterSeconds()),
        });
      }
      return handler.fetch(request, { authInfo: auth });
    },
    close: () => handler.close(),
  };
}
