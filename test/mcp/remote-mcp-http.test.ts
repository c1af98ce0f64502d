// Remote MCP over real HTTP without a browser (the browser test drives the page itself): the consent page's headers
// and script, the flow with the page's polling and the one-time code done here, a body over the webhook's cap, the
// per-grant rate limit, a foreign Origin, batches, the no-credentials challenge, and the bot without PUBLIC_URL.
import { auth, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_INTRO } from '../../src/telegram/features/start.ts';
import { NO_REMOTE_TEXT } from '../../src/telegram/features/connections.ts';
import {
  consentLinks,
  consentWithCode,
  MemoryOAuthProvider,
  startRemoteBot,
  type RemoteBot,
} from '../helpers/remote-mcp.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';

const REDIRECT = 'http://127.0.0.1:9/callback';

describe('remote MCP over HTTP', () => {
  let remote: RemoteBot;

  beforeAll(async () => {
    remote = await startRemoteBot({ callsPerMinute: 8 });
    await seedEntries(remote.t.temp.db, OWNER_ID, [['2024-04-01T09:00:00Z', 'A walk by the river']]);
  }, 60_000);
  afterAll(() => remote?.close());

  const mcpPost = (token: string, body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }) =>
    fetch(remote.mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** The official client through the flow, the page's part done as its script would: fetch, Allow, the code, poll. */
  async function connect(): Promise<MemoryOAuthProvider> {
    const provider = new MemoryOAuthProvider(REDIRECT, 'Claude Code');
    expect(await auth(provider, { serverUrl: remote.mcpUrl })).toBe('REDIRECT');
    const page = await fetch(provider.authorizationUrl!);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/); // no inline script: only the one from this origin
    const script = await fetch(`${remote.base}/oauth/consent.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const links = consentLinks(remote, html);
    expect(await (await fetch(links.wait)).json()).toMatchObject({ message: expect.stringMatching(/^Waiting/) });
    const back = await consentWithCode(remote, links);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(
      await auth(provider, {
        serverUrl: remote.mcpUrl,
        authorizationCode: back.searchParams.get('code')!,
        iss: back.searchParams.get('iss')!,
      }),
    ).toBe('AUTHORIZED');
    return provider;
  }

  it(
    'speaks the 2025-11-25 handshake and the stateless 2026-07-28 revision at /mcp, and serves the App page there',
    { timeout: 30_000 },
    async () => {
      const provider = await connect();
      const legacy = new Client({ name: 'http-legacy', version: '1.0.0' });
      await legacy.connect(new StreamableHTTPClientTransport(new URL(remote.mcpUrl), { authProvider: provider }));
      expect(legacy.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      await legacy.close();
      const modern = new Client(
        { name: 'http-modern', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await modern.connect(new StreamableHTTPClientTransport(new URL(remote.mcpUrl), { authProvider: provider }));
      expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const calendar = (await modern.listTools()).tools.find((t) => t.name === 'showCalendar');
      expect(calendar?._meta).toMatchObject({ ui: { resourceUri: 'ui://journal/calendar.html' } });
      const page = (await modern.readResource({ uri: 'ui://journal/calendar.html' })).contents[0] as {
        mimeType?: string;
        text?: string;
      };
      expect(page.mimeType).toBe('text/html;profile=mcp-app');
      expect(page.text).toMatch(/^<!doctype html>/i);
      await modern.close();
    },
  );

  it(
    'serves the same tools as stdio and records what entry text it sent under mcp:remote',
    { timeout: 30_000 },
    async () => {
      const provider = await connect();
      const client = new Client({ name: 'http-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(remote.mcpUrl), { authProvider: provider }));
      const result = await client.callTool({
        name: 'invokeMethod',
        arguments: { objId: 'journal', methodName: 'getEntries', args: {} },
      });
      expect(JSON.stringify(result.content)).toContain('A walk by the river');
      const bad = await client.callTool({
        name: 'invokeMethod',
        arguments: { objId: 'journal', methodName: 'noSuchMethod', args: {} },
      });
      expect(bad.isError).toBe(true);
      await client.close();
      await expect
        .poll(
          async () =>
            (await remote.t.temp.db.selectFrom('sent_ledger').select(['endpoint', 'model']).execute()).map(
              (r) => `${r.endpoint} ${r.model}`,
            ),
          { timeout: 5000 },
        )
        .toEqual(['mcp:remote Claude Code']);
    },
  );

  it(
    "caps a request's body as the webhook does, and limits each grant's calls per minute",
    { timeout: 30_000 },
    async () => {
      const { access_token: token } = (await connect()).saved!;
      const big = await mcpPost(
        token,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(1024 * 1024 + 1) } }),
      );
      expect(big.status).toBe(413);
      // The limit is 8 per minute here: the large request was not counted, so eight pass and the ninth is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push((await mcpPost(token)).status);
      expect(statuses).toEqual([...Array<number>(8).fill(200), 429]);
      const refused = await mcpPost(token);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    },
  );

  it(
    'refuses a foreign Origin with 403 and a JSON-RPC batch, and challenges a request without credentials with no error',
    { timeout: 30_000 },
    async () => {
      const { access_token: token } = (await connect()).saved!;
      const foreign = await fetch(remote.mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          origin: 'https://evil.example',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(foreign.status).toBe(403);
      const own = await fetch(remote.mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          origin: remote.base,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(own.status).toBe(200);
      const batch = await mcpPost(
        token,
        Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list', params: {} })),
      );
      expect(batch.status).toBe(400);
      expect(await batch.json()).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32600, message: expect.stringMatching(/batches are not supported/) },
      });
      const bare = await fetch(remote.mcpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(bare.status).toBe(401);
      const challenge = bare.headers.get('www-authenticate') ?? '';
      expect(challenge).toContain(`resource_metadata="${remote.base}/.well-known/oauth-protected-resource/mcp"`);
      expect(challenge).toContain('scope="journal"');
      expect(challenge).not.toContain('error=');
    },
  );

  it('answers malformed requests to its endpoints with a 4xx that says what was expected, and keeps serving', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' }, 400],
      ['/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' }, 400],
      // A body a page on another site could post (text/plain): refused before it is read.
      ['/oauth/register', { method: 'POST', body: '{}' }, 415],
      ['/oauth/register', { method: 'GET' }, 405],
      ['/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, 400],
      [
        '/oauth/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=password',
        },
        401,
      ],
      [
        '/oauth/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic %%%' },
          body: 'grant_type=x',
        },
        401,
      ],
      ['/oauth/authorize?client_id=%00', { method: 'GET' }, 400],
      ['/oauth/wait', { method: 'GET' }, 404],
      ['/oauth/wait?key=nothing', { method: 'GET' }, 404],
      ['/oauth/confirm?key=nothing', { method: 'POST', body: '{"code":"ABCDEFGH"}' }, 404],
      ['/oauth/confirm', { method: 'GET' }, 405],
      ['/mcp', { method: 'POST', headers: { authorization: 'Bearer' }, body: '{' }, 401],
      ['/mcp', { method: 'POST', headers: { authorization: 'Basic abc' }, body: '{' }, 401],
      ['/.well-known/oauth-authorization-server', { method: 'POST' }, 405],
    ];
    for (const [path, init, status] of cases) {
      const res = await fetch(`${remote.base}${path}`, init);
      expect(res.status, `${init.method} ${path}`).toBe(status);
      // The authorization endpoint answers a person, in HTML; the others a client, in OAuth's JSON.
      if (path.startsWith('/oauth/') && !path.startsWith('/oauth/authorize') && status !== 404)
        expect(await res.json(), path).toMatchObject({ error: expect.any(String) });
    }
    expect((await fetch(`${remote.base}/.well-known/oauth-authorization-server`)).status).toBe(200);
  });

  it(
    'behind a trusted proxy (TRUST_PROXY=loopback), counts registrations per forwarded client address',
    { timeout: 60_000 },
    async () => {
      const proxied = await startRemoteBot({ env: { TRUST_PROXY: 'loopback' } });
      try {
        const registerAs = (address: string) =>
          fetch(`${proxied.base}/oauth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({
              client_name: 'Spam',
              redirect_uris: [REDIRECT],
              token_endpoint_auth_method: 'none',
            }),
          });
        for (let i = 0; i < 10; i++) expect((await registerAs('203.0.113.1')).status).toBe(201);
        expect((await registerAs('203.0.113.1')).status).toBe(429);
        // Another visitor behind the same proxy is not counted with the first.
        expect((await registerAs('203.0.113.2')).status).toBe(201);
      } finally {
        await proxied.close();
      }
    },
  );

  it('without PUBLIC_URL: /connections says remote MCP is off, and a consent-like /start is just /start', async () => {
    const t = await createTestApp();
    try {
      await t.send(textUpdate('/connections'));
      expect(t.api.callsTo('sendMessage').at(-1)?.payload.text).toBe(NO_REMOTE_TEXT);
      await t.send(textUpdate('/start mcp_abcdefghijklmnopqrstuvwxyz'));
      const welcome = t.api.callsTo('sendMessage').at(-1)?.payload.text as string;
      expect(welcome.startsWith(WELCOME_INTRO)).toBe(true);
      expect(welcome).not.toContain('/connections');
    } finally {
      await t.close();
    }
  });
});
