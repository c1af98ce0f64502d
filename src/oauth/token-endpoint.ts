/**
 * The token endpoint of the authorization server (authorization-server.ts routes to it): clients authenticated by HTTP
 * Basic, client_secret_post or their client_id; an authorization code exchanged once, with its PKCE verifier; refresh
 * tokens that rotate (one used twice ends its grant). Access tokens are short-lived.
 */
import type { OauthClientRow } from './oauth-client-store.ts';
import type { OauthRequestRow, OauthStore } from './oauth-store.ts';
import { json, MINUTE_MS, oauthError, redirectUrisOf, sameResource } from './oauth-http.ts';
import { newSecret, s256, sameText, secretHash } from './secrets.ts';

/** How long an access token lives; the client refreshes it after. */
export const ACCESS_TOKEN_MINUTES = 30;
export const REFRESH_TOKEN_DAYS = 30;

export interface TokenEndpointDeps {
  store: OauthStore;
  clock: () => Date;
  /** Whether an owner is still on ALLOWED_USER_IDS: a removed owner's code or refresh token gets nothing. */
  isAllowedOwner: (ownerId: number) => boolean;
}

/** Answers a POST to the token endpoint (OAUTH_PATHS.token): new tokens, or an OAuth error. */
export function createTokenEndpoint(deps: TokenEndpointDeps): (request: Request) => Promise<Response> {
  const { store, clock } = deps;

  /** The client a token request comes from: HTTP Basic, client_secret_post, or a public client's client_id. */
  async function authenticateClient(request: Request, form: URLSearchParams): Promise<OauthClientRow | Response> {
    const invalid = (why: string) =>
      oauthError('invalid_client', why, 401, { 'www-authenticate': 'Basic realm="journal"' });
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return invalid('the Authorization header is not client_id:client_secret');
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
        secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      } catch {
        return invalid('the Authorization header is not client_id:client_secret');
      }
    }
    if (!clientId) return invalid('client_id is required');
    const client = await store.getClient(clientId);
    if (!client) return invalid('unknown client_id');
    if (client.secret_hash === null) return client;
    if (!secret || !sameText(secretHash(secret), client.secret_hash)) return invalid('wrong or missing client secret');
    return client;
  }

  function issueTokens(grantScope: string) {
    const now = clock();
    const access = newSecret('jat_');
    const refresh = newSecret('jrt_');
    return {
      now,
      rows: [
        {
          hash: secretHash(access),
          kind: 'access' as const,
          expiresAt: new Date(now.getTime() + ACCESS_TOKEN_MINUTES * MINUTE_MS),
        },
        {
          hash: secretHash(refresh),
          kind: 'refresh' as const,
          expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 24 * 60 * MINUTE_MS),
        },
      ],
      body: {
        access_token: access,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_MINUTES * 60,
        refresh_token: refresh,
        scope: grantScope,
      },
    };
  }

  async function exchangeCode(client: OauthClientRow, form: URLSearchParams): Promise<Response> {
    const code = form.get('code') ?? '';
    const verifier = form.get('code_verifier') ?? '';
    const request: OauthRequestRow | undefined = code === '' ? undefined : await store.requestByCode(secretHash(code));
    if (!request) return oauthError('invalid_grant', 'unknown authorization code');
    if (request.status === 'exchanged') {
      // A code used twice was stolen or replayed: the grant it made ends too (OAuth 2.1 §4.1.3).
      if (request.grant_id !== null && request.owner_id !== null)
        await store.revokeGrant(request.grant_id, request.owner_id, clock());
      return oauthError('invalid_grant', 'the authorization code was used already; its grant is revoked');
    }
    if (request.status !== 'issued' || request.expires_at <= clock().toISOString())
      return oauthError('invalid_grant', 'the authorization code expired');
    if (request.client_id !== client.client_id)
      return oauthError('invalid_grant', 'the authorization code was issued to another client');
    // Required when the authorization request named it; a client with one redirect URI may leave it out of both.
    const redirectUri =
      form.get('redirect_uri') ?? (redirectUrisOf(client).length === 1 ? redirectUrisOf(client)[0] : null);
    if (redirectUri !== request.redirect_uri)
      return oauthError('invalid_grant', 'redirect_uri differs from the authorization request');
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !sameText(s256(verifier), request.code_challenge))
      return oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
    const resource = form.get('resource');
    if (resource !== null && !sameResource(resource, request.resource))
      return oauthError('invalid_target', `resource must be ${request.resource}`);
    if (request.owner_id === null) return oauthError('invalid_grant', 'the request was never approved');
    if (!deps.isAllowedOwner(request.owner_id))
      return oauthError('invalid_grant', 'the owner who approved it is no longer allowed');
    const tokens = issueTokens(request.scope);
    const grant = await store.exchangeCode(
      request,
      { ownerId: request.owner_id, clientName: client.name, now: tokens.now },
      tokens.rows,
    );
    if (!grant) return oauthError('invalid_grant', 'the authorization code was used already');
    return json(tokens.body);
  }

  async function refresh(client: OauthClientRow, form: URLSearchParams): Promise<Response> {
    const token = form.get('refresh_token') ?? '';
    const hash = secretHash(token);
    const found = token === '' ? undefined : await store.findToken(hash);
    if (!found || found.kind !== 'refresh' || found.grant.revoked_at !== null)
      return oauthError('invalid_grant', 'unknown or revoked refresh token');
    if (found.grant.client_id !== client.client_id)
      return oauthError('invalid_grant', 'the refresh token was issued to another client');
    if (!deps.isAllowedOwner(found.grant.owner_id))
      return oauthError('invalid_grant', 'unknown or revoked refresh token');
    const now = clock();
    if (found.usedAt !== null) {
      // Rotation: a spent refresh token presented again means two holders; neither keeps the grant.
      await store.revokeGrant(found.grant.id, found.grant.owner_id, now);
      return oauthError('invalid_grant', 'the refresh token was used already; its grant is revoked');
    }
    if (found.expiresAt <= now.toISOString()) return oauthError('invalid_grant', 'the refresh token expired');
    const resource = form.get('resource');
    if (resource !== null && !sameResource(resource, found.grant.resource))
      return oauthError('invalid_target', `resource must be ${found.grant.resource}`);
    const tokens = issueTokens(found.grant.scope);
    if (!(await store.rotateRefresh(hash, found.grant, now, tokens.rows))) {
      await store.revokeGrant(found.grant.id, found.grant.owner_id, now);
      return oauthError('invalid_grant', 'the refresh token was used already; its grant is revoked');
    }
    return json(tokens.body);
  }

  async function token(request: Request): Promise<Response> {
    let form: URLSearchParams;
    try {
      if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
        throw new Error('form');
      form = new URLSearchParams(await request.text());
    } catch {
      return oauthError('invalid_request', 'the body must be application/x-www-form-urlencoded');
    }
    const client = await authenticateClient(request, form);
    if (client instanceof Response) return client;
    switch (form.get('grant_type')) {
      case 'authorization_code':
        return exchangeCode(client, form);
      case 'refresh_token':
        return refresh(client, form);
      default:
        return oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }
  }

  return token;
}
