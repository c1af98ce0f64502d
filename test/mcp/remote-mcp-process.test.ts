// npm start with PUBLIC_URL, in polling mode, as a real process: the server on WEB_PORT starts for remote MCP alone
// (no MINI_APP_URL: an http loopback origin gives no Mini App), answers /mcp with the Bearer challenge and serves the
// metadata it names, draws the consent page (from the built bundle), and the bot stops cleanly.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { freePort, startBot, waitForStderr } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS } from '../helpers/run-entry-point.ts';

const harness = botApiPerTest('journal-remote-mcp-');

describe('npm start with PUBLIC_URL', { timeout: PROCESS_TEST_MS }, () => {
  it('serves remote MCP on WEB_PORT in polling mode', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const bot = startBot({
      cwd: harness.dir,
      dbPath: path.join(harness.dir, 'journal.sqlite'),
      apiRoot: harness.api.url,
      env: { PUBLIC_URL: base, WEB_PORT: String(port), JOURNAL_TIMEZONE: 'UTC' },
    });
    try {
      await waitForStderr(bot, '"event":"bot.started"');
      expect(bot.stderr()).toContain(`"event":"web.started","host":"127.0.0.1","port":${port},"mcp":true`);
      expect(harness.api.callsTo('setChatMenuButton')).toEqual([]);
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain(
        `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
      );
      const metadata = (await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<
        string,
        unknown
      >;
      expect(metadata).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
      // The built consent page, its QR code drawn by the bundled qrcode.
      const registered = await fetch(`${base}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: 'Claude Code',
          redirect_uris: ['http://localhost:33418/callback'],
          token_endpoint_auth_method: 'none',
        }),
      });
      const { client_id: clientId } = (await registered.json()) as { client_id: string };
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'http://localhost:33418/callback',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const page = await fetch(`${base}/oauth/authorize?${query}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/href="https:\/\/t\.me\/[\w]+\?start=mcp_[\w-]+"/);
      expect(html).toContain('<svg');
      // Any other path: the server has no web view to hand it to.
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      bot.child.kill('SIGTERM');
    }
    const result = await bot.done;
    expect(result.code).toBe(0);
  });
});
