/**
 * The MCP server over Streamable HTTP at /mcp, as an OAuth resource server (the SDK's parts): the protected-resource
 * metadata (RFC 9728) and the authorization server's (RFC 8414) at their well-known paths, a 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"` for a request without a valid token, then one fresh server per
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
  const gate = requireBearerAuth({
    verifier: {
      async verifyAccessToken(token) {
        const access = await deps.verify(token);
        if (!access) throw new OAuthError(OAuthErrorCode.InvalidToken, 'the access token is unknown, expired or revoked');
        return { token, clientId: access.clientId, scopes: access.scopes, expiresAt: access.expiresAt, resource: new URL(access.resource), extra: { access } };
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
    { maxRequestBodySize: deps.maxBodyBytes, onerror: (error) => deps.logger.error('mcp.remote_error', { error: errorMessage(error) }) },
  );

  return {
    paths: [new URL(resourceMetadataUrl).pathname, '/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server', MCP_PATH],
    async fetch(request) {
      const metadata = oauthMetadataResponse(request, metadataOptions);
      if (metadata) return metadata;
      const path = new URL(request.url).pathname;
      // The origin-level protected-resource document, for clients that look there first.
      if (path === '/.well-known/oauth-protected-resource') return oauthMetadataResponse(new Request(resourceMetadataUrl, { method: request.method }), metadataOptions);
      if (path !== MCP_PATH) return undefined;
      const auth = await gate(request);
      if (auth instanceof Response) return auth;
      const access = accessOf(auth);
      if (!deps.takeCall(access.grantId)) {
        return Response.json(
          { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Too many requests from this connection; try again shortly.' } },
          { status: 429, headers: { 'retry-after': String(deps.retryAfterSeconds()) } },
        );
      }
      return handler.fetch(request, { authInfo: auth });
    },
    close: () => handler.close(),
  };
}
