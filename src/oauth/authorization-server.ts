/**
 * The bot as an OAuth 2.1 authorization server for remote MCP, with Telegram as the login: dynamic client registration
 * (RFC 7591), the authorization endpoint (PKCE S256 only, exact redirect URI, the resource indicator of RFC 8707
 * checked against this server's /mcp), the consent page that waits for the owner's answer in the bot, and the route to
 * the token endpoint (token-endpoint.ts: short-lived access tokens, refresh tokens that rotate).
 * Requests and answers are web-standard (Request → Response); src/remote-mcp.ts puts them on the bot's HTTP server.
 */
import type { OauthStore } from '../db/oauth-store.ts';
import { fetchClientMetadataDocument, isMetadataDocumentId } from './client-metadata-document.ts';
import { hostOf, parseRegistration } from './client-registration.ts';
import { consentPageHtml, CONSENT_PAGE_CSP, CONSENT_SCRIPT, messagePageHtml, PAGE_HEADERS } from './consent-page.ts';
import type { RateLimit } from './rate-limit.ts';
import { json, MINUTE_MS, oauthError, redirectUrisOf, sameResource } from './oauth-http.ts';
import { newSecret, secretHash } from './secrets.ts';
import { createTokenEndpoint } from './token-endpoint.ts';

/** How long the start link (and the request behind it) lives. */
export const CONSENT_MINUTES = 10;
/** An authorization code is exchanged right after the redirect: two minutes is plenty. */
const CODE_MINUTES = 2;
/** The one scope: reading the journal through the object tools. */
export const JOURNAL_SCOPE = 'journal';
const START_PAYLOAD_PREFIX = 'mcp_';

export const OAUTH_PATHS = {
  register: '/oauth/register',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  wait: '/oauth/wait',
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
  /** Registrations and authorization pages per client address. */
  limit: RateLimit;
  /** Fetches Client ID Metadata Documents; the global fetch by default. */
  fetchDocument?: typeof fetch;
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

const page = (html: string, status = 200, csp = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'") =>
  new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, ...PAGE_HEADERS } });

/** The client's redirect URI with these parameters added (and `iss`), as the browser is sent on. */
function redirectTo(uri: string, params: Record<string, string | null>, issuer: string): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  url.searchParams.set('iss', issuer);
  return url.href;
}

export interface AuthorizationServer {
  /** Answers a request to one of OAUTH_PATHS; undefined for any other path. */
  handle(request: Request, clientAddress: string): Promise<Response | undefined>;
}

export function createAuthorizationServer(deps: AuthorizationServerDeps): AuthorizationServer {
  const { store, issuer, clock } = deps;
  const token = createTokenEndpoint({ store, clock });
  const tooMany = () => oauthError('slow_down', 'too many requests from this address; try again in a minute', 429, { 'retry-after': String(deps.limit.retryAfterSeconds()) });

  async function register(request: Request): Promise<Response> {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return oauthError('invalid_client_metadata', 'the body must be a JSON object of client metadata (RFC 7591)');
    }
    const registration = parseRegistration(body);
    if ('error' in registration) return oauthError(registration.error, registration.description);
    const clientId = newSecret('jc_', 18);
    const secret = registration.authMethod === 'none' ? null : newSecret('jcs_');
    const now = clock();
    await store.insertClient({
      client_id: clientId,
      secret_hash: secret === null ? null : secretHash(secret),
      name: registration.name,
      redirect_uris: JSON.stringify(registration.redirectUris),
      auth_method: registration.authMethod,
      created_at: now.toISOString(),
    });
    return json(
      {
        client_id: clientId,
        client_id_issued_at: Math.floor(now.getTime() / 1000),
        ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
        client_name: registration.name,
        redirect_uris: registration.redirectUris,
        token_endpoint_auth_method: registration.authMethod,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      201,
    );
  }

  async function authorize(url: URL): Promise<Response> {
    const q = url.searchParams;
    const clientId = q.get('client_id') ?? '';
    let client = clientId === '' ? undefined : await store.getClient(clientId);
    if (isMetadataDocumentId(clientId)) {
      // Read afresh on every authorization: a client may change its name or redirect URIs.
      const document = await fetchClientMetadataDocument(clientId, deps.fetchDocument ?? fetch);
      if ('problem' in document) return page(messagePageHtml('Unknown app', `The app's metadata document at ${clientId} cannot be used: ${document.problem}.`), 400);
      client = { client_id: clientId, secret_hash: null, name: document.name, redirect_uris: JSON.stringify(document.redirectUris), auth_method: 'none', created_at: clock().toISOString() };
      await store.upsertClient(client);
    }
    // Without a known client and one of its redirect URIs, nothing may be sent anywhere: the browser is told here.
    if (!client) return page(messagePageHtml('Unknown app', 'This link names no app registered with this journal. Start again from the app you came from.'), 400);
    const registered = redirectUrisOf(client);
    const given = q.get('redirect_uri');
    const redirectUri = given ?? (registered.length === 1 ? registered[0]! : null);
    if (redirectUri === null || !registered.includes(redirectUri)) {
      return page(messagePageHtml('Wrong return address', 'The app asked to return to an address it did not register. Nothing was sent to it.'), 400);
    }
    const state = q.get('state');
    const back = (error: string, description: string) =>
      Response.redirect(redirectTo(redirectUri, { error, error_description: description, state }, issuer), 302);
    if (q.get('response_type') !== 'code') return back('unsupported_response_type', 'response_type must be code');
    const challenge = q.get('code_challenge') ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) return back('invalid_request', 'code_challenge is required (PKCE, S256)');
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
      minutes: CONSENT_MINUTES,
    });
    return page(html, 200, CONSENT_PAGE_CSP);
  }

  /** The consent page's question: has the owner answered? On Allow, the code is made here, once, and never stored. */
  async function wait(url: URL): Promise<Response> {
    const key = url.searchParams.get('key') ?? '';
    const request = key === '' ? undefined : await store.requestByPage(secretHash(key));
    if (!request) return json({ done: true, message: 'This request is unknown or over. Start again from the app you came from.' }, 404);
    const now = clock();
    const expired = request.expires_at <= now.toISOString();
    switch (request.status) {
      case 'pending':
      case 'asked':
        if (expired) return json({ done: true, message: 'The link expired. Start again from the app you came from.' });
        return json({ message: request.status === 'asked' ? 'Answer Allow or Deny in Telegram…' : 'Waiting for your answer in Telegram…' });
      case 'allowed': {
        const code = newSecret('jac_');
        if (!(await store.issueCode(request.id, secretHash(code), new Date(now.getTime() + CODE_MINUTES * MINUTE_MS)))) return json({ done: true, message: 'This request is over.' });
        return json({ message: `Allowed. Going back to ${hostOf(request.redirect_uri)}…`, location: redirectTo(request.redirect_uri, { code, state: request.state }, issuer) });
      }
      case 'denied':
        if (!(await store.close(request.id, 'denied'))) return json({ done: true, message: 'This request is over.' });
        return json({
          message: `Denied. Going back to ${hostOf(request.redirect_uri)}…`,
          location: redirectTo(request.redirect_uri, { error: 'access_denied', error_description: 'the owner denied access in Telegram', state: request.state }, issuer),
        });
      default:
        return json({ done: true, message: 'This request is over.' });
    }
  }

  const routes: Record<string, { method: string; run: (request: Request, url: URL, address: string) => Promise<Response> }> = {
    [OAUTH_PATHS.register]: { method: 'POST', run: (request, _url, address) => (deps.limit.take(`register ${address}`) ? register(request) : Promise.resolve(tooMany())) },
    [OAUTH_PATHS.authorize]: { method: 'GET', run: (_request, url, address) => (deps.limit.take(`authorize ${address}`) ? authorize(url) : Promise.resolve(tooMany())) },
    [OAUTH_PATHS.wait]: { method: 'GET', run: (_request, url) => wait(url) },
    [OAUTH_PATHS.token]: { method: 'POST', run: (request) => token(request) },
    [OAUTH_PATHS.script]: {
      method: 'GET',
      run: async () => new Response(CONSENT_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8', ...PAGE_HEADERS } }),
    },
  };

  return {
    async handle(request, clientAddress) {
      const url = new URL(request.url);
      const route = routes[url.pathname];
      if (!route) return undefined;
      if (request.method !== route.method) return oauthError('invalid_request', `${url.pathname} takes ${route.method} only`, 405, { allow: route.method });
      return route.run(request, url, clientAddress);
    },
  };
}
