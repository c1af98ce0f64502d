// The authorization server's rules on both stores, through its web-standard handler (the end-to-end test drives the
// same code through the real HTTP server and a browser): registration checks, nothing sent to an unregistered
// redirect URI, PKCE S256 only, the resource indicator, single-use start payloads that expire, a code used twice
// ending its grant, refresh tokens that rotate (a reused one ends the grant), and forgetting an owner.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createOauthStore } from '../../src/db/oauth-store.ts';
import { forgetOwner } from '../../src/journal/forget/forget.ts';
import { createAuthorizationServer, CONSENT_MINUTES, type AuthorizationServer } from '../../src/oauth/authorization-server.ts';
import { createConnections } from '../../src/oauth/connections.ts';
import { createRateLimit } from '../../src/oauth/rate-limit.ts';
import { s256 } from '../../src/oauth/secrets.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const ISSUER = 'https://journal.example.com';
const RESOURCE = `${ISSUER}/mcp`;
const REDIRECT = 'https://claude.ai/api/mcp/auth_callback';
const OWNER = 111;
const VERIFIER = 'a-verifier-of-enough-length-0123456789-abcdefghijklmnop';

describeStores('the authorization server', () => {
  let temp: TempDb;
  let now: Date;
  let server: AuthorizationServer;
  let connections: ReturnType<typeof createConnections>;
  /** Client ID Metadata Documents by URL, served to the server instead of the network. */
  const documents = new Map<string, unknown>();
  const fetchDocument = (async (input: string | URL | Request) => {
    const doc = documents.get(String(input));
    return doc === undefined ? new Response('no', { status: 404 }) : Response.json(doc);
  }) as typeof fetch;

  beforeEach(async () => {
    temp = await createTempDb();
    now = new Date('2026-12-03T10:00:00Z');
    const clock = () => now;
    const store = createOauthStore(temp.db);
    server = createAuthorizationServer({ store, issuer: ISSUER, resource: RESOURCE, botUsername: 'journal_bot', clock, limit: createRateLimit({ perWindow: 1000, windowMs: 60_000, clock }), fetchDocument });
    connections = createConnections({ store, clock });
  });
  afterEach(() => temp.cleanup());

  const call = async (path: string, init: RequestInit = {}) => (await server.handle(new Request(`${ISSUER}${path}`, { redirect: 'manual', ...init }), '127.0.0.1'))!;
  const register = async (body: unknown) => call('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const token = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    call('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(params).toString() });

  async function publicClient(name = 'Claude'): Promise<string> {
    const res = await register({ client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { client_id: string }).client_id;
  }

  const authorizeQuery = (clientId: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: s256(VERIFIER), code_challenge_method: 'S256', state: 'st', resource: RESOURCE, ...extra });

  /** The page's start payload and wait URL. */
  async function openPage(clientId: string): Promise<{ payload: string; wait: string }> {
    const res = await call(`/oauth/authorize?${authorizeQuery(clientId)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    return { payload: /start=(mcp_[\w-]+)/.exec(html)![1]!, wait: /data-wait="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&') };
  }

  async function allowedCode(clientId: string, clientName = 'Claude'): Promise<string> {
    const { payload, wait } = await openPage(clientId);
    const question = await connections.open(OWNER, payload);
    expect(question).toMatchObject({ clientName, redirectHost: 'claude.ai' });
    expect(await connections.decide(OWNER, question!.requestId, true)).toBe(true);
    const answer = (await (await call(wait)).json()) as { location: string };
    const location = new URL(answer.location);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
    return location.searchParams.get('code')!;
  }

  const exchange = (clientId: string, code: string, extra: Record<string, string> = {}) =>
    token({ grant_type: 'authorization_code', client_id: clientId, code, code_verifier: VERIFIER, redirect_uri: REDIRECT, resource: RESOURCE, ...extra });

  it('registers clients with https, loopback http or an app scheme only, and says what is wrong', async () => {
    for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://x.example/cb#frag', 'not a url']) {
      const res = await register({ client_name: 'X', redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    }
    for (const uri of ['http://localhost:33418/callback', 'http://127.0.0.1:9/cb', 'com.example.app:/oauth']) expect((await register({ redirect_uris: [uri] })).status, uri).toBe(201);
    const confidential = (await (await register({ client_name: 'Line\nbreak\u202e name', redirect_uris: [REDIRECT] })).json()) as Record<string, string>;
    expect(confidential.client_secret).toMatch(/^jcs_/);
    expect(confidential.client_name).toBe('Line break name');
    expect(confidential.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(await (await register({ redirect_uris: [REDIRECT], grant_types: ['password'] })).json()).toMatchObject({ error: 'invalid_client_metadata' });
  });

  it('never redirects for an unknown client or an unregistered redirect URI, and sends the other errors back with state', async () => {
    const clientId = await publicClient();
    const unknown = await call(`/oauth/authorize?${authorizeQuery('jc_nobody')}`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
    const elsewhere = await call(`/oauth/authorize?${authorizeQuery(clientId, { redirect_uri: 'https://claude.ai/api/mcp/auth_callback/x' })}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ resource: 'https://other.example/mcp' }, 'invalid_target'],
      [{ scope: 'admin' }, 'invalid_scope'],
    ];
    for (const [extra, error] of cases) {
      const res = await call(`/oauth/authorize?${authorizeQuery(clientId, extra)}`);
      expect(res.status, JSON.stringify(extra)).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('st');
      expect(location.searchParams.has('code')).toBe(false);
    }
  });

  it('binds a start payload to the first owner who opens it, once, for ten minutes', async () => {
    const clientId = await publicClient();
    const first = await openPage(clientId);
    expect(await connections.open(OWNER, first.payload)).not.toBeNull();
    expect(await connections.open(OWNER, first.payload)).toBeNull();
    expect(await connections.open(222, first.payload)).toBeNull();
    const second = await openPage(clientId);
    const question = await connections.open(OWNER, second.payload);
    // Another owner cannot answer a request someone else opened.
    expect(await connections.decide(222, question!.requestId, true)).toBe(false);
    const third = await openPage(clientId);
    now = new Date(now.getTime() + (CONSENT_MINUTES + 1) * 60_000);
    expect(await connections.open(OWNER, third.payload)).toBeNull();
    expect(await (await call(third.wait)).json()).toMatchObject({ done: true, message: expect.stringMatching(/expired/) });
  });

  it('exchanges a code only with its verifier, client and redirect URI; a code used twice ends its grant', async () => {
    const clientId = await publicClient();
    const otherClient = await publicClient('Other');
    const code = await allowedCode(clientId);
    expect(await (await exchange(clientId, code, { code_verifier: `${VERIFIER}x` })).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await exchange(clientId, code, { redirect_uri: 'https://claude.ai/other' })).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await exchange(otherClient, code)).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await exchange(clientId, code, { resource: 'https://other.example/mcp' })).json()).toMatchObject({ error: 'invalid_target' });
    const res = await exchange(clientId, code);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tokens = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
    expect(tokens.expires_in).toBe(30 * 60);
    expect(await connections.verifyAccessToken(tokens.access_token)).toMatchObject({ ownerId: OWNER, clientName: 'Claude', resource: RESOURCE });
    // Stored as hashes only.
    const stored = await temp.db.selectFrom('oauth_token').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(tokens.access_token);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);

    expect(await (await exchange(clientId, code)).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await connections.verifyAccessToken(tokens.access_token)).toBeNull();
    expect(await connections.list(OWNER)).toEqual([]);
  });

  it('rotates refresh tokens; presenting a spent one ends the grant', async () => {
    const clientId = await publicClient();
    const first = (await (await exchange(clientId, await allowedCode(clientId))).json()) as { access_token: string; refresh_token: string };
    const refreshed = await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await connections.verifyAccessToken(second.access_token)).not.toBeNull();
    // Access tokens are short-lived.
    now = new Date(now.getTime() + 31 * 60_000);
    expect(await connections.verifyAccessToken(second.access_token)).toBeNull();
    const reused = await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: first.refresh_token });
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/revoked/) });
    expect(await (await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: second.refresh_token })).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('knows a client by its Client ID Metadata Document, held to the registration rules', async () => {
    const docUrl = 'https://app.example.com/oauth/client.json';
    documents.set(docUrl, { client_id: docUrl, client_name: 'Doc App', redirect_uris: [REDIRECT] });
    const code = await allowedCode(docUrl, 'Doc App');
    const res = await exchange(docUrl, code);
    expect(res.status).toBe(200);
    expect(await connections.list(OWNER)).toMatchObject([{ clientName: 'Doc App' }]);

    const elsewhere = 'https://app.example.com/oauth/other.json';
    documents.set(elsewhere, { client_id: docUrl, redirect_uris: [REDIRECT] });
    const wrongId = await call(`/oauth/authorize?${authorizeQuery(elsewhere)}`);
    expect(wrongId.status).toBe(400);
    expect(await wrongId.text()).toContain('its client_id is not its own URL');
    const plain = 'https://app.example.com/oauth/plain.json';
    documents.set(plain, { client_id: plain, redirect_uris: ['http://evil.example/cb'] });
    expect((await call(`/oauth/authorize?${authorizeQuery(plain)}`)).status).toBe(400);
    // Never fetched from an address: not a document URL, so an unknown client.
    expect((await call(`/oauth/authorize?${authorizeQuery('https://10.0.0.1/client.json')}`)).status).toBe(400);
  });

  it('checks a confidential client’s secret', async () => {
    const registered = (await (await register({ client_name: 'Claude', redirect_uris: [REDIRECT] })).json()) as { client_id: string; client_secret: string };
    const code = await allowedCode(registered.client_id);
    const wrong = await exchange(registered.client_id, code, { client_secret: 'jcs_wrong' });
    expect(wrong.status).toBe(401);
    const basic = Buffer.from(`${registered.client_id}:${registered.client_secret}`).toString('base64');
    const res = await token({ grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT }, { authorization: `Basic ${basic}` });
    expect(res.status).toBe(200);
  });

  it('denies with access_denied and no code; forgetting the owner removes their grants, tokens and requests', async () => {
    const clientId = await publicClient();
    const { payload, wait } = await openPage(clientId);
    const question = await connections.open(OWNER, payload);
    await connections.decide(OWNER, question!.requestId, false);
    const location = new URL(((await (await call(wait)).json()) as { location: string }).location);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.has('code')).toBe(false);
    expect(await (await call(wait)).json()).toMatchObject({ done: true });

    const tokens = (await (await exchange(clientId, await allowedCode(clientId))).json()) as { access_token: string };
    expect(await connections.list(OWNER)).toHaveLength(1);
    await forgetOwner(temp.db, OWNER);
    for (const table of ['oauth_grant', 'oauth_token', 'oauth_request'] as const) {
      expect(await temp.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    expect(await connections.verifyAccessToken(tokens.access_token)).toBeNull();
  });
});
