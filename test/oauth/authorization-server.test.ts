// The authorization server's rules on both stores, through its web-standard handler (the end-to-end test drives the
// same code through the real HTTP server and a browser): registration checks, nothing sent to an unregistered
// redirect URI, PKCE S256 only, the resource indicator, single-use start payloads that expire, a code used twice
// ending its grant, refresh tokens that rotate (a reused one ends the grant), and forgetting an owner; the one-time
// code that binds an Allow to the owner's own browser, owner-scoped revoke, removed owners, the registration cap.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createOauthStore } from '../../src/oauth/oauth-store.ts';
import { forgetOwner } from '../../src/journal/forget/forget.ts';
import {
  createAuthorizationServer,
  CONSENT_MINUTES,
  type AuthorizationServer,
} from '../../src/oauth/authorization-server.ts';
import { createConnections } from '../../src/oauth/connections.ts';
import {
  MAX_CLIENT_METADATA_BYTES,
  MAX_UNUSED_REGISTRATIONS,
  REGISTRATIONS_PER_ADDRESS,
} from '../../src/oauth/registration-endpoint.ts';
import { revokeRemovedOwners } from '../../src/oauth/removed-owners.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
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
  const getDocument = async (url: string) => {
    const doc = documents.get(url);
    return doc === undefined ? { status: 404, text: 'no' } : { status: 200, text: JSON.stringify(doc) };
  };
  /** The owners on ALLOWED_USER_IDS right now (a test takes one off). */
  let allowed: Set<number>;
  let store: ReturnType<typeof createOauthStore>;

  beforeEach(async () => {
    temp = await createTempDb();
    now = new Date('2026-12-03T10:00:00Z');
    const clock = () => now;
    store = createOauthStore(temp.db);
    allowed = new Set([OWNER, 222]);
    const isAllowedOwner = (id: number) => allowed.has(id);
    server = createAuthorizationServer({
      store,
      issuer: ISSUER,
      resource: RESOURCE,
      botUsername: 'journal_bot',
      clock,
      limit: createRateLimit({ perWindow: 1000, windowMs: 60_000, clock }),
      getDocument,
      isAllowedOwner,
    });
    connections = createConnections({ store, clock, isAllowedOwner });
  });
  afterEach(() => temp.cleanup());

  const call = async (path: string, init: RequestInit = {}, address = '127.0.0.1') =>
    (await server.handle(new Request(`${ISSUER}${path}`, { redirect: 'manual', ...init }), address))!;
  const confirm = async (wait: string, code: unknown) =>
    call(wait.replace('/oauth/wait', '/oauth/confirm'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
  const register = async (body: unknown) =>
    call('/oauth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const token = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(params).toString(),
    });

  async function publicClient(name = 'Claude'): Promise<string> {
    const res = await register({ client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { client_id: string }).client_id;
  }

  const authorizeQuery = (clientId: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: s256(VERIFIER),
      code_challenge_method: 'S256',
      state: 'st',
      resource: RESOURCE,
      ...extra,
    });

  /** The page's start payload and wait URL. */
  async function openPage(clientId: string): Promise<{ payload: string; wait: string }> {
    const res = await call(`/oauth/authorize?${authorizeQuery(clientId)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const wait = /data-wait="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    expect(/data-confirm="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')).toBe(
      wait.replace('/oauth/wait', '/oauth/confirm'),
    );
    return { payload: /start=(mcp_[\w-]+)/.exec(html)![1]!, wait };
  }

  /** The owner opens the link and allows: the one-time code the bot shows them. */
  async function allow(payload: string, owner = OWNER): Promise<string> {
    const question = await connections.open(owner, payload);
    const decision = await connections.decide(owner, question!.requestId, true);
    if (!decision.answered || decision.code === null) throw new Error('the owner could not allow');
    expect(decision.code).toMatch(/^[A-Z2-9]{8}$/);
    return decision.code;
  }

  async function allowedCode(clientId: string, clientName = 'Claude'): Promise<string> {
    const { payload, wait } = await openPage(clientId);
    const question = await connections.open(OWNER, payload);
    expect(question).toMatchObject({ clientName, returnsTo: { kind: 'host', host: 'claude.ai' } });
    const decision = await connections.decide(OWNER, question!.requestId, true);
    expect(decision).toMatchObject({ answered: true, code: expect.stringMatching(/^[A-Z2-9]{8}$/) });
    // Allowed, the page is asked for the code; only the code typed in sends it on.
    expect(await (await call(wait)).json()).toMatchObject({ confirm: true });
    const answer = (await (await confirm(wait, (decision as { code: string }).code.toLowerCase())).json()) as {
      location: string;
    };
    const location = new URL(answer.location);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
    return location.searchParams.get('code')!;
  }

  const exchange = (clientId: string, code: string, extra: Record<string, string> = {}) =>
    token({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
      resource: RESOURCE,
      ...extra,
    });

  it('registers clients with https, loopback http or an app scheme only, and says what is wrong', async () => {
    for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://x.example/cb#frag', 'not a url']) {
      const res = await register({ client_name: 'X', redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    }
    for (const uri of ['http://localhost:33418/callback', 'http://127.0.0.1:9/cb', 'com.example.app:/oauth'])
      expect((await register({ redirect_uris: [uri] })).status, uri).toBe(201);
    const confidential = (await (
      await register({ client_name: 'Line\nbreak\u202e name', redirect_uris: [REDIRECT] })
    ).json()) as Record<string, string>;
    expect(confidential.client_secret).toMatch(/^jcs_/);
    expect(confidential.client_name).toBe('Line break name');
    expect(confidential.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(await (await register({ redirect_uris: [REDIRECT], grant_types: ['password'] })).json()).toMatchObject({
      error: 'invalid_client_metadata',
    });
  });

  it('never redirects for an unknown client or an unregistered redirect URI, and sends the other errors back with state', async () => {
    const clientId = await publicClient();
    const unknown = await call(`/oauth/authorize?${authorizeQuery('jc_nobody')}`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
    const elsewhere = await call(
      `/oauth/authorize?${authorizeQuery(clientId, { redirect_uri: 'https://claude.ai/api/mcp/auth_callback/x' })}`,
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    // The implicit grant is no open redirect to a self-registered URI (RFC 9700 §4.11.2): an error page.
    const implicit = await call(`/oauth/authorize?${authorizeQuery(clientId, { response_type: 'token' })}`);
    expect(implicit.status).toBe(400);
    expect(implicit.headers.get('location')).toBeNull();
    expect(await implicit.text()).toContain('response_type=code');
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: '' }, 'invalid_request'],
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
    expect(await connections.decide(222, question!.requestId, true)).toEqual({ answered: false });
    const third = await openPage(clientId);
    now = new Date(now.getTime() + (CONSENT_MINUTES + 1) * 60_000);
    expect(await connections.open(OWNER, third.payload)).toBeNull();
    expect(await (await call(third.wait)).json()).toMatchObject({
      done: true,
      message: expect.stringMatching(/expired/),
    });
  });

  it('exchanges a code only with its verifier, client and redirect URI; a code used twice ends its grant', async () => {
    const clientId = await publicClient();
    const otherClient = await publicClient('Other');
    const code = await allowedCode(clientId);
    expect(await (await exchange(clientId, code, { code_verifier: `${VERIFIER}x` })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await (await exchange(clientId, code, { redirect_uri: 'https://claude.ai/other' })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await (await exchange(otherClient, code)).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await exchange(clientId, code, { resource: 'https://other.example/mcp' })).json()).toMatchObject({
      error: 'invalid_target',
    });
    const res = await exchange(clientId, code);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tokens = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
    expect(tokens.expires_in).toBe(30 * 60);
    expect(await connections.verifyAccessToken(tokens.access_token)).toMatchObject({
      ownerId: OWNER,
      clientName: 'Claude',
      resource: RESOURCE,
    });
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
    const first = (await (await exchange(clientId, await allowedCode(clientId))).json()) as {
      access_token: string;
      refresh_token: string;
    };
    const refreshed = await token({
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await connections.verifyAccessToken(second.access_token)).not.toBeNull();
    // Access tokens are short-lived.
    now = new Date(now.getTime() + 31 * 60_000);
    expect(await connections.verifyAccessToken(second.access_token)).toBeNull();
    const reused = await token({
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: first.refresh_token,
    });
    expect(await reused.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/revoked/),
    });
    expect(
      await (
        await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: second.refresh_token })
      ).json(),
    ).toMatchObject({ error: 'invalid_grant' });
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
    // One answer whatever the problem (the details go to the log): the caller cannot probe with it.
    const uniform = await wrongId.text();
    expect(uniform).toContain('could not be identified');
    expect(uniform).not.toContain('client_id is not');
    expect(
      await (await call(`/oauth/authorize?${authorizeQuery('https://app.example.com/oauth/missing.json')}`)).text(),
    ).toBe(uniform);
    const plain = 'https://app.example.com/oauth/plain.json';
    documents.set(plain, { client_id: plain, redirect_uris: ['http://evil.example/cb'] });
    expect((await call(`/oauth/authorize?${authorizeQuery(plain)}`)).status).toBe(400);
    // Never fetched from an address: not a document URL, so an unknown client.
    expect((await call(`/oauth/authorize?${authorizeQuery('https://10.0.0.1/client.json')}`)).status).toBe(400);
  });

  it('checks a confidential client’s secret', async () => {
    const registered = (await (await register({ client_name: 'Claude', redirect_uris: [REDIRECT] })).json()) as {
      client_id: string;
      client_secret: string;
    };
    const code = await allowedCode(registered.client_id);
    const wrong = await exchange(registered.client_id, code, { client_secret: 'jcs_wrong' });
    expect(wrong.status).toBe(401);
    const basic = Buffer.from(`${registered.client_id}:${registered.client_secret}`).toString('base64');
    const res = await token(
      { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT },
      { authorization: `Basic ${basic}` },
    );
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

  it("gives a page that merely waits no code after Allow: only the owner's one-time code typed in does, and a few wrong ones close it", async () => {
    const clientId = await publicClient();
    // A stranger opened the page and sent the owner the t.me link; the owner taps Allow.
    const strangers = await openPage(clientId);
    const ownersCode = await allow(strangers.payload);
    for (let i = 0; i < 3; i += 1) {
      const answer = (await (await call(strangers.wait)).json()) as Record<string, unknown>;
      expect(answer).toMatchObject({ confirm: true });
      expect(answer.location).toBeUndefined();
    }
    const guesses = ['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC', 'DDDDDDDD'];
    for (const [i, guess] of guesses.entries()) {
      const res = await confirm(strangers.wait, guess);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ confirm: true, message: expect.stringContaining(`${5 - i - 1} tr`) });
    }
    expect(await (await confirm(strangers.wait, 'EEEEEEEE')).json()).toMatchObject({
      done: true,
      message: expect.stringMatching(/Too many wrong codes/),
    });
    // Closed: even the right code is over now, and no code was ever made.
    expect(await (await confirm(strangers.wait, ownersCode)).json()).toMatchObject({ done: true });
    expect(
      await temp.db.selectFrom('oauth_request').select('code_hash').where('code_hash', 'is not', null).execute(),
    ).toEqual([]);
    // Not JSON, or no code: asked again, nothing counted.
    const own = await openPage(clientId);
    await allow(own.payload);
    expect((await call(own.wait.replace('/oauth/wait', '/oauth/confirm'), { method: 'POST', body: 'x' })).status).toBe(
      400,
    );
    // The code lasts ten minutes.
    now = new Date(now.getTime() + 11 * 60_000);
    expect(await (await call(own.wait)).json()).toMatchObject({ done: true });
  });

  it("scopes revoke to the owner: another owner naming A's grant ends nothing and A's tokens go on working", async () => {
    const clientId = await publicClient();
    const tokens = (await (await exchange(clientId, await allowedCode(clientId))).json()) as {
      access_token: string;
      refresh_token: string;
    };
    const [grant] = await connections.list(OWNER);
    expect(await connections.revoke(222, grant!.grantId)).toBe(false);
    expect(await connections.verifyAccessToken(tokens.access_token)).toMatchObject({ ownerId: OWNER });
    expect(await connections.list(OWNER)).toHaveLength(1);
    const refreshed = await token({
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });

  it('refuses a removed owner’s access and refresh tokens, and revokes their grants at start-up', async () => {
    const clientId = await publicClient();
    const tokens = (await (await exchange(clientId, await allowedCode(clientId))).json()) as {
      access_token: string;
      refresh_token: string;
    };
    allowed.delete(OWNER);
    expect(await connections.verifyAccessToken(tokens.access_token)).toBeNull();
    expect(
      await (
        await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token })
      ).json(),
    ).toMatchObject({ error: 'invalid_grant' });
    // A code the removed owner allowed gets no tokens either.
    allowed.add(OWNER);
    const code = await allowedCode(clientId);
    allowed.delete(OWNER);
    expect(await (await exchange(clientId, code)).json()).toMatchObject({ error: 'invalid_grant' });
    // The restart without them: every grant revoked, every token deleted; re-added, /connections lists nothing.
    expect(await revokeRemovedOwners(temp.db, [222], now, createMemoryLogger())).toBe(1);
    allowed.add(OWNER);
    expect(await connections.list(OWNER)).toEqual([]);
    expect(await connections.verifyAccessToken(tokens.access_token)).toBeNull();
    expect(await temp.db.selectFrom('oauth_token').selectAll().where('owner_id', '=', OWNER).execute()).toEqual([]);
  });

  it('caps unused registrations per address and deletes them after a day', async () => {
    const body = { client_name: 'Spam', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' };
    const registerFrom = (address: string) =>
      call(
        '/oauth/register',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        address,
      );
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS; i += 1) expect((await registerFrom('203.0.113.9')).status).toBe(201);
    const over = await registerFrom('203.0.113.9');
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ error: 'invalid_client_metadata' });
    expect((await registerFrom('203.0.113.10')).status).toBe(201);
    // A used registration (a grant) stays; the unused ones go after a day, and the address may register again.
    const used = await publicClient();
    await exchange(used, await allowedCode(used));
    now = new Date(now.getTime() + 25 * 60 * 60_000);
    expect((await registerFrom('203.0.113.9')).status).toBe(201);
    const left = await temp.db.selectFrom('oauth_client').select('client_id').execute();
    expect(left.map((c) => c.client_id)).toContain(used);
    expect(left).toHaveLength(2);
    // The address is kept as a hash only.
    const from = await temp.db.selectFrom('oauth_client').select('registered_from').execute();
    expect(JSON.stringify(from)).not.toContain('203.0.113');
  });

  it("counts the one-time code's tries before comparing: a burst of 60 wrong guesses compares 5, and the right code after is refused", async () => {
    const clientId = await publicClient();
    const strangers = await openPage(clientId);
    const ownersCode = await allow(strangers.payload);
    const wrong = Array.from({ length: 60 }, (_, i) => `WRONG${String(i).padStart(3, '0')}`);
    const answers = await Promise.all(
      wrong.map(async (guess) => (await (await confirm(strangers.wait, guess)).json()) as Record<string, unknown>),
    );
    const compared = answers.filter((a) => String(a.message).startsWith('That is not the code')).length;
    expect(compared).toBeLessThanOrEqual(4);
    const row = await temp.db.selectFrom('oauth_request').select(['confirm_tries', 'status']).executeTakeFirstOrThrow();
    expect(row).toEqual({ confirm_tries: 5, status: 'closed' });
    const right = (await (await confirm(strangers.wait, ownersCode)).json()) as Record<string, unknown>;
    expect(right.location).toBeUndefined();
    expect(right).toMatchObject({ done: true });
    expect(await temp.db.selectFrom('oauth_request').select('code_hash').executeTakeFirstOrThrow()).toEqual({
      code_hash: null,
    });
  });

  it('takes registrations only as JSON, from no other site, of a bounded size, under a global cap', async () => {
    const body = JSON.stringify({ client_name: 'App', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    const post = (headers: Record<string, string>, text = body, address = '198.51.100.7') =>
      call('/oauth/register', { method: 'POST', headers, body: text }, address);
    // What any page the owner visits could post without asking: a text/plain or form body, a foreign Origin.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await post({ 'content-type': type });
      expect([type, res.status]).toEqual([type, 415]);
      expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata' });
    }
    const foreign = await post({ 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'invalid_client_metadata' });
    expect((await post({ 'content-type': 'application/json', origin: ISSUER })).status).toBe(201);
    // Metadata over the size cap.
    const big = JSON.stringify({ client_name: 'x'.repeat(MAX_CLIENT_METADATA_BYTES), redirect_uris: [REDIRECT] });
    const tooBig = await post({ 'content-type': 'application/json' }, big);
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toMatchObject({
      error: 'invalid_client_metadata',
      error_description: expect.stringContaining(`at most ${MAX_CLIENT_METADATA_BYTES}`),
    });
    // The global cap: unused registrations from many addresses together.
    const rows = Array.from({ length: MAX_UNUSED_REGISTRATIONS - 1 }, (_, i) => ({
      client_id: `jc_filler_${i}`,
      secret_hash: null,
      name: 'filler',
      redirect_uris: JSON.stringify([REDIRECT]),
      auth_method: 'none' as const,
      created_at: now.toISOString(),
      registered_from: `from-${i % 100}`,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await temp.db
        .insertInto('oauth_client')
        .values(rows.slice(i, i + 200))
        .execute();
    const full = await post({ 'content-type': 'application/json' }, body, '192.0.2.200');
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('3600');
    expect(await full.json()).toMatchObject({ error: 'invalid_client_metadata' });
    // A day on, the unused ones are gone and registration opens again.
    now = new Date(now.getTime() + 25 * 60 * 60_000);
    expect((await post({ 'content-type': 'application/json' }, body, '192.0.2.200')).status).toBe(201);
  });

  it('counts an IPv6 caller by its /64 for the registration cap', async () => {
    const body = JSON.stringify({ client_name: 'Spam', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    const registerFrom = (address: string) =>
      call('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body }, address);
    for (let i = 1; i <= REGISTRATIONS_PER_ADDRESS; i += 1)
      expect((await registerFrom(`2001:db8:1:2::${i.toString(16)}`)).status).toBe(201);
    expect((await registerFrom('2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await registerFrom('2001:db8:1:3::1')).status).toBe(201);
  });

  it("keys the authorization page's per-client limit on the client and the caller: a stranger cannot lock a client out", async () => {
    const clientId = await publicClient();
    const clock = () => now;
    const limited = createAuthorizationServer({
      store,
      issuer: ISSUER,
      resource: RESOURCE,
      botUsername: 'journal_bot',
      clock,
      limit: createRateLimit({ perWindow: 3, windowMs: 60_000, clock }),
      getDocument,
      isAllowedOwner: () => true,
    });
    const authorizeFrom = async (address: string) =>
      (await limited.handle(new Request(`${ISSUER}/oauth/authorize?${authorizeQuery(clientId)}`), address))!.status;
    const stranger = [];
    for (let i = 0; i < 3; i += 1) stranger.push(await authorizeFrom(`203.0.113.${50 + i}`));
    stranger.push(
      await authorizeFrom('203.0.113.50'),
      await authorizeFrom('203.0.113.50'),
      await authorizeFrom('203.0.113.50'),
    );
    expect(stranger.slice(-1)).toEqual([429]);
    expect(await authorizeFrom('198.51.100.20')).toBe(200);
  });
});
