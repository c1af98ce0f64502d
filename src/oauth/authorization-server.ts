/**
 * The bot as an OAuth 2.1 authorization server for remote MCP, with Telegram as the login: dynamic client registration
 * (RFC 7591), the authorization endpoint (PKCE S256 only, exact redirect URI, the resource indicator of RFC 8707
 * checked against this server's /mcp), the consent page that waits for the owner's answer in the bot, and the route to
 * the token endpoint (token-endpoint.ts: short-lived access tokens, refresh tokens that rotate).
 * Requests and answers are web-standard (Request → Response); src/wiring/remote-mcp.ts puts them on the bot's HTTP server.
 */
import type { OauthStore } from './oauth-store.ts';
import type { Logger } from '../log/logger.ts';
import {
  fetchClientMetadataDocument,
  getDocumentSafely,
  isMetadataDocumentId,
  type GetDocument,
} from './client-metadata-document.ts';
import { hostOf } from './client-registration.ts';
import { consentPageHtml, CONSENT_PAGE_CSP, CONSENT_SCRIPT, messagePageHtml, PAGE_HEADERS } from './consent-page.ts';
import { createConsentWait, redirectTo } from './consent-wait.ts';
import type { RateLimit } from './rate-limit.ts';
import { addressLimitKey } from './client-address.ts';
import { MINUTE_MS, oauthError, redirectUrisOf, sameResource } from './oauth-http.ts';
import { createRegistrationEndpoint } from './registration-endpoint.ts';
import { newSecret, secretHash } from './secrets.ts';
import { createTokenEndpoint } from './token-endpoint.ts';

/** How long the start link (and the request behind it) lives. */
export const CONSENT_MINUTES = 10;
/** The one scope: reading the journal through the object tools. */
export const JOURNAL_SCOPE = 'journal';
const START_PAYLOAD_PREFIX = 'mcp_';

export const OAUTH_PATHS = {
  register: '/oauth/register',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  wait: '/oauth/wait',
  confirm: '/oauth/confirm',
  script: '/oauth/consent.js',
};

export interface AuthorizationServerDeps {
  store: OauthStore;
  /** The public origin, e.g. https://journal.example.com (no trailing slash): the issuer. */
  issuer: string;
  /** The protected resource the tokens are for: `${issuer}/mcp`. */
  resource: string;
  /** The bot's username, for the t.me start link. */
  botUsername: string;
  clock: () => Date;
  /** Registrations, authorization pages and typed codes per client address (an IPv6 one by its /64), and pages per client and address. */
  limit: RateLimit;
  /** Whether an owner is still on ALLOWED_USER_IDS (the token endpoint gives a removed owner nothing). */
  isAllowedOwner: (ownerId: number) => boolean;
  /** Reads Client ID Metadata Documents; outboundGet (no address inside) by default. */
  getDocument?: GetDocument;
  /** Why a metadata document was refused goes here, never to the caller. */
  logger?: Logger;
}

/** RFC 8414 metadata of this authorization server. */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
    registration_endpoint: `${issuer}${OAUTH_PATHS.register}`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    client_id_metadata_document_supported: true,
    scopes_supported: [JOURNAL_SCOPE],
    // RFC 9207: the redirect names us, so a client talking to several servers cannot be mixed up.
    authorization_response_iss_parameter_supported: true,
    service_documentation: 'https://modelcontextprotocol.io/specification/draft/basic/authorization',
  };
}

/** The start payload in a `/start <payload>` that is a consent link; null for any other start. */
export function consentPayload(startArgument: string): string | null {
  const text = startArgument.trim();
  return text.startsWith(START_PAYLOAD_PREFIX) && /^[A-Za-z0-9_-]{1,64}$/.test(text) ? text : null;
}

const page = (
  html: string,
  status = 200,
  csp = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
) =>
  new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, ...PAGE_HEADERS },
  });

export interface AuthorizationServer {
  /** Answers a request to one of OAUTH_PATHS; undefined for any other path. */
  handle(request: Request, clientAddress: string): Promise<Response | undefined>;
}

export function createAuthorizationServer(deps: AuthorizationServerDeps): AuthorizationServer {
  const { store, issuer, clock } = deps;
  const token = createTokenEndpoint({ store, clock, isAllowedOwner: deps.isAllowedOwner });
  const register = createRegistrationEndpoint({ store, clock, issuer });
  const consent = createConsentWait({ store, clock, issuer });
  const tooMany = () =>
    oauthError('slow_down', 'too many requests from this address; try again in a minute', 429, {
      'retry-after': String(deps.limit.retryAfterSeconds()),
    });

  async function authorize(url: URL, address: string): Promise<Response> {
    const q = url.searchParams;
    // Checked before anything else: no other response type (`token`: the implicit grant) may send the browser to a
    // redirect URI, which a self-registered client never had to prove it owns (RFC 9700 §4.11.2).
    if (q.get('response_type') !== 'code')
      return page(
        messagePageHtml(
          'Not supported',
          'This journal answers only response_type=code (with PKCE). Nothing was sent anywhere.',
        ),
        400,
      );
    const clientId = q.get('client_id') ?? '';
    // Keyed on the client and the caller together: a stranger's requests cannot use up a client's pages for everyone.
    if (clientId !== '' && !deps.limit.take(`authorize client ${clientId} ${address}`)) return tooMany();
    let client = clientId === '' ? undefined : await store.getClient(clientId);
    if (isMetadataDocumentId(clientId)) {
      // Read afresh on every authorization: a client may change its name or redirect URIs.
      const document = await fetchClientMetadataDocument(clientId, deps.getDocument ?? getDocumentSafely);
      if ('problem' in document) {
        // One answer whatever went wrong: the caller learns nothing about what the server can reach.
        deps.logger?.info('oauth.metadata_document_refused', {
          client_id: clientId,
          problem: document.problem,
          address,
        });
        return page(
          messagePageHtml(
            'Unknown app',
            'The app could not be identified from its client ID. Nothing was sent anywhere.',
          ),
          400,
        );
      }
      client = {
        client_id: clientId,
        secret_hash: null,
        name: document.name,
        redirect_uris: JSON.stringify(document.redirectUris),
        auth_method: 'none',
        created_at: clock().toISOString(),
        registered_from: null,
      };
      await store.upsertClient(client);
    }
    // Without a known client and one of its redirect URIs, nothing may be sent anywhere: the browser is told here.
    if (!client)
      return page(
        messagePageHtml(
          'Unknown app',
          'This link names no app registered with this journal. Start again from the app you came from.',
        ),
        400,
      );
    const registered = redirectUrisOf(client);
    const given = q.get('redirect_uri');
    const redirectUri = given ?? (registered.length === 1 ? registered[0]! : null);
    if (redirectUri === null || !registered.includes(redirectUri)) {
      return page(
        messagePageHtml(
          'Wrong return address',
          'The app asked to return to an address it did not register. Nothing was sent to it.',
        ),
        400,
      );
    }
    const state = q.get('state');
    const back = (error: string, description: string) =>
      Response.redirect(redirectTo(redirectUri, { error, error_description: description, state }, issuer), 302);
    const challenge = q.get('code_challenge') ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge))
      return back('invalid_request', 'code_challenge is required (PKCE, S256)');
    if (q.get('code_challenge_method') !== 'S256') return back('invalid_request', 'code_challenge_method must be S256');
    if (state !== null && state.length > 1000) return back('invalid_request', 'state is longer than 1000 characters');
    const resource = q.get('resource') ?? deps.resource;
    if (!sameResource(resource, deps.resource)) return back('invalid_target', `resource must be ${deps.resource}`);
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    if (scopes.some((s) => s !== JOURNAL_SCOPE)) return back('invalid_scope', `the only scope is ${JOURNAL_SCOPE}`);

    const pageKey = newSecret('');
    const payload = newSecret(START_PAYLOAD_PREFIX, 24);
    const now = clock();
    await store.insertRequest({
      pageHash: secretHash(pageKey),
      payloadHash: secretHash(payload),
      clientId: client.client_id,
      redirectUri,
      state,
      codeChallenge: challenge,
      resource: deps.resource,
      scope: JOURNAL_SCOPE,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONSENT_MINUTES * MINUTE_MS),
    });
    const html = await consentPageHtml({
      clientName: client.name,
      redirectHost: hostOf(redirectUri),
      startLink: `https://t.me/${deps.botUsername}?start=${payload}`,
      waitUrl: `${OAUTH_PATHS.wait}?key=${encodeURIComponent(pageKey)}`,
      confirmUrl: `${OAUTH_PATHS.confirm}?key=${encodeURIComponent(pageKey)}`,
      minutes: CONSENT_MINUTES,
    });
    return page(html, 200, CONSENT_PAGE_CSP);
  }

  const routes: Record<
    string,
    { method: string; run: (request: Request, url: URL, address: string) => Promise<Response> }
  > = {
    [OAUTH_PATHS.register]: {
      method: 'POST',
      run: (request, _url, address) =>
        deps.limit.take(`register ${address}`) ? register(request, address) : Promise.resolve(tooMany()),
    },
    [OAUTH_PATHS.authorize]: {
      method: 'GET',
      run: (_request, url, address) =>
        deps.limit.take(`authorize ${address}`) ? authorize(url, address) : Promise.resolve(tooMany()),
    },
    [OAUTH_PATHS.wait]: { method: 'GET', run: (_request, url) => consent.wait(url) },
    [OAUTH_PATHS.confirm]: {
      method: 'POST',
      run: (request, url, address) =>
        deps.limit.take(`confirm ${address}`) ? consent.confirm(request, url) : Promise.resolve(tooMany()),
    },
    [OAUTH_PATHS.token]: { method: 'POST', run: (request) => token(request) },
    [OAUTH_PATHS.script]: {
      method: 'GET',
      run: async () =>
        new Response(CONSENT_SCRIPT, {
          headers: { 'content-type': 'text/javascript; charset=utf-8', ...PAGE_HEADERS },
        }),
    },
  };

  return {
    async handle(request, clientAddress) {
      const url = new URL(request.url);
      const route = routes[url.pathname];
      if (!route) return undefined;
      if (request.method !== route.method)
        return oauthError('invalid_request', `${url.pathname} takes ${route.method} only`, 405, {
          allow: route.method,
        });
      // Per-address limits count an IPv6 caller by its /64 (client-address.ts addressLimitKey).
      return route.run(request, url, addressLimitKey(clientAddress));
    },
  };
}
