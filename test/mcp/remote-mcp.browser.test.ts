// Remote MCP end to end, over real HTTP against the Bot API stand-in, with the official client's OAuth and headless
// Chromium for the authorization page: /mcp without a token → 401 with the Bearer challenge → the metadata; auth()
// discovers, registers and is sent to the page with PKCE; the page shows the t.me start link; a stranger's /start is
// refused; the owner's makes the bot ask, naming the client, that its name is self-declared and where it returns; Allow
// shows a one-time code, typed into the page it sends the page on to the redirect URI with the code and state (a page
// someone else started asks for a code it never sees); the code becomes tokens; the client lists the object tools over Streamable HTTP and reads only its
// owner's journal (recorded in the ledger under mcp:remote); the tokens are not in the journal's bytes; a tampered
// token, and a revoked grant's token, get 401. Deny sends the page back with error=access_denied and no code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { auth, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/mcp/tools/index.ts';
import { OBJECT_TOOLS } from '../../src/objects/object-tools.ts';
import { strangerLine } from '../../src/telegram/features/access.ts';
import { launchChromium, noBrowserReason } from '../helpers/browser.ts';
import {
  MemoryOAuthProvider,
  startRedirectCatcher,
  startRemoteBot,
  type RedirectCatcher,
  type RemoteBot,
} from '../helpers/remote-mcp.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { OWNER_ID, STRANGER_ID, textUpdate } from '../helpers/updates.ts';

const OTHER_OWNER = 222;
const CLIENT_NAME = 'Claude (test)';

describe.skipIf(noBrowserReason !== null)(
  `remote MCP with consent in Telegram${noBrowserReason ? ` (skipped: ${noBrowserReason})` : ''}`,
  () => {
    let remote: RemoteBot;
    let app: RedirectCatcher;
    let browser: Browser;

    beforeAll(async () => {
      remote = await startRemoteBot({ env: { ALLOWED_USER_IDS: `${OWNER_ID},${OTHER_OWNER}` } });
      await seedEntries(remote.t.temp.db, OWNER_ID, [['2024-04-01T09:00:00Z', 'Walked by the river with Ana']]);
      await seedEntries(remote.t.temp.db, OTHER_OWNER, [
        ['2024-04-01T10:00:00Z', 'The other owner keeps this to themselves'],
      ]);
      app = await startRedirectCatcher();
      browser = await launchChromium();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await remote?.close();
    });

    const owner = { id: OWNER_ID, is_bot: false, first_name: 'Owner' };
    const press = (data: string, prompt: Record<string, unknown>) => ({
      callback_query: { id: `cb-${data}`, from: owner, chat_instance: 'ci', data, message: prompt },
    });
    const sent = () => remote.t.api.callsTo('sendMessage').map((c) => c.payload);
    const lastSent = () => sent().at(-1)!;
    /** The bot's last message as Telegram would hand it back inside a callback query. */
    const promptOf = (payload: Record<string, any>) => ({
      message_id: 500 + sent().length,
      date: 1_717_000_000,
      chat: { id: OWNER_ID, type: 'private', first_name: 'Owner' },
      from: { id: 4242, is_bot: true, first_name: 'Journal' },
      text: payload.text,
    });
    const buttons = (payload: Record<string, any>) =>
      (payload.reply_markup?.inline_keyboard ?? []).flat() as { text: string; callback_data: string }[];

    const mcpPost = (
      token: string | null,
      body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    ) =>
      fetch(remote.mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    /** Opens the authorization URL in the browser; returns the page and the start payload its t.me link carries. */
    async function openAuthorizationPage(url: URL): Promise<{ page: Page; payload: string }> {
      const page = await (await browser.newContext()).newPage();
      const errors: string[] = [];
      // A CSP violation is reported on the console as "Refused to …"; a script error as a page error.
      page.on(
        'console',
        (m) =>
          void (m.type() === 'error' && /Refused|Content Security Policy/i.test(m.text()) && errors.push(m.text())),
      );
      page.on('pageerror', (e) => void errors.push(e.message));
      await page.goto(url.href);
      const href = await page.locator('#start-link').getAttribute('href');
      expect(href).toMatch(/^https:\/\/t\.me\/journal_test_bot\?start=mcp_[A-Za-z0-9_-]+$/);
      // The QR code of the same link, drawn inline (the page's CSP allows no other origin).
      await expect(page.locator('.qr svg').count()).resolves.toBe(1);
      await expect(page.locator('h1').textContent()).resolves.toBe(`Connect ${CLIENT_NAME} to your journal`);
      expect(errors, 'no CSP violations or script errors on the page').toEqual([]);
      return { page, payload: new URL(href!).searchParams.get('start')! };
    }

    let provider: MemoryOAuthProvider;

    /** The one-time code in the bot's message after Allow. */
    const oneTimeCodeSent = () =>
      /: ([A-Z2-9]{8})$/m.exec(remote.t.api.callsTo('editMessageText').at(-1)!.payload.text as string)![1]!;

    /** Waits for the page to ask for the code, types it, and returns where the page arrives. */
    async function typeCode(page: Page, code: string, arrived: Promise<URL>): Promise<URL> {
      await page.locator('#code').waitFor({ state: 'visible', timeout: 20_000 });
      await page.locator('#code').fill(code.toLowerCase());
      await page.locator('#confirm button').click();
      return arrival(page, arrived);
    }

    /** The page's arrival at the client's redirect URI, or a failure that shows where the page stands. */
    async function arrival(page: Page, arrived: Promise<URL>): Promise<URL> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            void page
              .content()
              .then((html) => reject(new Error(`the page did not go on by itself; it shows:\n${html}`)), reject),
          20_000,
        );
      });
      try {
        return await Promise.race([arrived, late]);
      } finally {
        clearTimeout(timer);
      }
    }

    it('answers /mcp without a token with 401 and a Bearer challenge naming the metadata, which names the resource and its server', async () => {
      const res = await mcpPost(null);
      expect(res.status).toBe(401);
      const challenge = res.headers.get('www-authenticate') ?? '';
      const metadataUrl = `${remote.base}/.well-known/oauth-protected-resource/mcp`;
      expect(challenge).toMatch(/^Bearer /);
      expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
      const resource = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
      expect(resource).toMatchObject({ resource: remote.mcpUrl, authorization_servers: [remote.base] });
      const server = (await (await fetch(`${remote.base}/.well-known/oauth-authorization-server`)).json()) as Record<
        string,
        unknown
      >;
      expect(server).toMatchObject({
        issuer: remote.base,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
      });
      expect(server.registration_endpoint).toBe(`${remote.base}/oauth/register`);
    });

    it(
      'runs the official OAuth flow: registration, the page with the t.me link, Allow in Telegram, the code for tokens',
      { timeout: 60_000 },
      async () => {
        provider = new MemoryOAuthProvider(app.url, CLIENT_NAME);
        await expect(auth(provider, { serverUrl: remote.mcpUrl })).resolves.toBe('REDIRECT');
        const url = provider.authorizationUrl!;
        expect(url.origin + url.pathname).toBe(`${remote.base}/oauth/authorize`);
        expect(url.searchParams.get('code_challenge_method')).toBe('S256');
        expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(url.searchParams.get('client_id')).toBe(provider.info?.client_id);
        expect(url.searchParams.get('resource')).toBe(remote.mcpUrl);

        const { page, payload } = await openAuthorizationPage(url);

        // A stranger who gets hold of the link is refused, and the link stays the owner's to open.
        await remote.t.send(textUpdate(`/start ${payload}`, { from: STRANGER_ID }));
        expect(lastSent().text).toBe(strangerLine(STRANGER_ID));

        await remote.t.send(textUpdate(`/start ${payload}`));
        const question = lastSent();
        expect(question.text).toContain(`Connect “${CLIENT_NAME}” to your journal?`);
        expect(question.text).toContain('Its name is self-declared');
        expect(question.text).toContain(`It returns to the website ${new URL(app.url).host}.`);
        expect(question.text).toContain('Only approve a connection you started yourself');
        expect(buttons(question).map((b) => b.text)).toEqual(['Allow', 'Deny']);

        // The payload is single-use: the same link again is refused.
        await remote.t.send(textUpdate(`/start ${payload}`));
        expect(lastSent().text).toMatch(/^This connection link was used already or has expired/);

        const arrived = app.next();
        await remote.t.send(press(buttons(question)[0]!.callback_data, promptOf(question)));
        // Allowed: the bot shows a one-time code, the page asks for it, and goes on once it is typed.
        const back = await typeCode(page, oneTimeCodeSent(), arrived);
        expect(back.searchParams.get('state')).toBe('state-from-the-client');
        expect(back.searchParams.get('iss')).toBe(remote.base);
        const code = back.searchParams.get('code')!;
        expect(code).toMatch(/^jac_/);
        await page.waitForURL((u) => u.href.startsWith(app.url));
        await page.context().close();

        await expect(
          auth(provider, { serverUrl: remote.mcpUrl, authorizationCode: code, iss: back.searchParams.get('iss')! }),
        ).resolves.toBe('AUTHORIZED');
        expect(provider.saved?.access_token).toMatch(/^jat_/);
        expect(provider.saved?.refresh_token).toMatch(/^jrt_/);
        expect(provider.saved?.token_type).toBe('Bearer');
      },
    );

    it(
      "lists the object tools over Streamable HTTP and reads its owner's journal only, recorded under mcp:remote",
      { timeout: 30_000 },
      async () => {
        const client = new Client({ name: 'remote-test', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(remote.mcpUrl), { authProvider: provider }));
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name).sort()).toEqual(
          [...OBJECT_TOOLS, ...MCP_TOOLS.map((t) => t.tool)].map((t) => t.name).sort(),
        );
        const result = await client.callTool({
          name: 'invokeMethod',
          arguments: { objId: 'journal', methodName: 'getEntries', args: { limit: 10 } },
        });
        const text = JSON.stringify(result.content);
        expect(text).toContain('Walked by the river with Ana');
        expect(text).not.toContain('The other owner');
        await client.close();

        // The ledger names where the text went: the remote surface and the client's name.
        await expect
          .poll(
            async () =>
              remote.t.temp.db
                .selectFrom('sent_ledger')
                .select(['owner_id', 'endpoint', 'model', 'entry_count'])
                .execute(),
            { timeout: 5000 },
          )
          .toEqual([{ owner_id: OWNER_ID, endpoint: 'mcp:remote', model: CLIENT_NAME, entry_count: 1 }]);
      },
    );

    it("keeps the tokens out of the journal's bytes and refuses a tampered token", async () => {
      const { access_token: access, refresh_token: refresh } = provider.saved!;
      const dir = path.dirname(remote.t.temp.file);
      const bytes = Buffer.concat(
        readdirSync(dir)
          .filter((f) => f.startsWith(path.basename(remote.t.temp.file)))
          .map((f) => readFileSync(path.join(dir, f))),
      );
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.includes(Buffer.from(access))).toBe(false);
      expect(bytes.includes(Buffer.from(refresh!))).toBe(false);
      const stored = await remote.t.temp.db.selectFrom('oauth_token').select('token_hash').execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(access);

      expect((await mcpPost(access)).status).toBe(200);
      const last = access.at(-1) === 'A' ? 'B' : 'A';
      const tampered = await mcpPost(`${access.slice(0, -1)}${last}`);
      expect(tampered.status).toBe(401);
      expect(tampered.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });

    it('lists the client in /connections with a Revoke button; after Revoke its token gets 401', async () => {
      await remote.t.send(textUpdate('/connections'));
      const list = lastSent();
      expect(list.text).toContain(CLIENT_NAME);
      expect(list.text).toMatch(/connected \d{4}-\d{2}-\d{2} \d{2}:\d{2}, last used \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      const revoke = buttons(list).find((b) => b.text === `Revoke ${CLIENT_NAME}`)!;
      expect(revoke.callback_data).toMatch(/^mcp-revoke:\d+$/);
      // Another owner sending the same callback data ends nothing: the owner's token goes on working.
      const other = { id: OTHER_OWNER, is_bot: false, first_name: 'Other' };
      await remote.t.send({
        callback_query: {
          id: 'cb-other',
          from: other,
          chat_instance: 'ci2',
          data: revoke.callback_data,
          message: { ...promptOf(list), chat: { id: OTHER_OWNER, type: 'private', first_name: 'Other' } },
        },
      });
      expect(remote.t.api.callsTo('answerCallbackQuery').at(-1)?.payload).toMatchObject({
        text: 'That connection is gone already.',
      });
      expect((await mcpPost(provider.saved!.access_token)).status).toBe(200);
      await remote.t.send(press(revoke.callback_data, promptOf(list)));
      expect(remote.t.api.callsTo('editMessageText').at(-1)?.payload.text).toBe(
        'Revoked. No apps are connected to your journal now.',
      );
      const after = await mcpPost(provider.saved!.access_token);
      expect(after.status).toBe(401);
      expect(after.headers.get('www-authenticate')).toContain('resource_metadata=');
    });

    it(
      "gives a connection someone else started nothing when the owner taps Allow: the stranger's page waits for a code it never sees",
      { timeout: 60_000 },
      async () => {
        const stranger = new MemoryOAuthProvider(app.url, 'Claude', 'state-of-the-stranger');
        await expect(auth(stranger, { serverUrl: remote.mcpUrl })).resolves.toBe('REDIRECT');
        const page = await (await browser.newContext()).newPage();
        await page.goto(stranger.authorizationUrl!.href);
        const href = (await page.locator('#start-link').getAttribute('href'))!;
        // The stranger sends the owner the t.me link; the owner opens it and taps Allow.
        await remote.t.send(textUpdate(`/start ${new URL(href).searchParams.get('start')}`));
        const question = lastSent();
        const before = app.received.length;
        await remote.t.send(press(buttons(question)[0]!.callback_data, promptOf(question)));
        // The stranger's page asks for the code: the owner has it, the page does not. A guess is refused.
        await page.locator('#code').waitFor({ state: 'visible', timeout: 20_000 });
        await page.locator('#code').fill('AAAAAAAA');
        await page.locator('#confirm button').click();
        await page
          .locator('#status')
          .filter({ hasText: /not the code the bot sent/ })
          .waitFor({ timeout: 20_000 });
        await expect(page.locator('#status').textContent()).resolves.toMatch(/4 tries left/);
        expect(app.received.length).toBe(before);
        expect(page.url()).toContain('/oauth/authorize');
        await page.context().close();
      },
    );

    it('sends the client back with error=access_denied and no code after Deny', { timeout: 60_000 }, async () => {
      const denied = new MemoryOAuthProvider(app.url, CLIENT_NAME, 'state-of-the-denied');
      await expect(auth(denied, { serverUrl: remote.mcpUrl })).resolves.toBe('REDIRECT');
      const { page, payload } = await openAuthorizationPage(denied.authorizationUrl!);
      await remote.t.send(textUpdate(`/start ${payload}`));
      const question = lastSent();
      const arrived = app.next();
      await remote.t.send(press(buttons(question)[1]!.callback_data, promptOf(question)));
      const back = await arrival(page, arrived);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBe('state-of-the-denied');
      expect(back.searchParams.has('code')).toBe(false);
      expect(remote.t.api.callsTo('editMessageText').at(-1)?.payload.text).toMatch(/^Denied\./);
      // Closed once it has arrived: closing a page mid-navigation can hang Chromium's close for half a minute.
      await page.waitForURL((u) => u.href.startsWith(app.url));
      await page.context().close();
    });
  },
);
