// npm start with MINI_APP_URL, in polling mode, as a real process: it sets the menu button to the Mini App and serves
// the web view on WEB_PORT (401 without initData, the owner's journal with it), and stops cleanly.
import path from 'node:path';
import { sign } from '@tma.js/init-data-node';
import { describe, expect, it } from 'vitest';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { freePort, PROCESS_TOKEN, startBot, waitForStderr } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS } from '../helpers/run-entry-point.ts';
import { OWNER_ID } from '../helpers/updates.ts';

const harness = botApiPerTest('journal-mini-app-');

describe('npm start with MINI_APP_URL', { timeout: PROCESS_TEST_MS }, () => {
  it('sets the menu button and serves the web view on WEB_PORT in polling mode', async () => {
    const port = await freePort();
    const bot = startBot({
      cwd: harness.dir,
      dbPath: path.join(harness.dir, 'journal.sqlite'),
      apiRoot: harness.api.url,
      env: { MINI_APP_URL: 'https://journal.example.com/', WEB_PORT: String(port), JOURNAL_TIMEZONE: 'UTC' },
    });
    try {
      await waitForStderr(bot, '"event":"bot.started"');
      expect(bot.stderr()).toContain(`"event":"web.started","host":"127.0.0.1","port":${port}`);
      expect(harness.api.callsTo('setChatMenuButton').map((c) => c.payload.menu_button)).toEqual([
        { type: 'web_app', text: 'Journal', web_app: { url: 'https://journal.example.com/' } },
      ]);
      const anonymous = await fetch(`http://127.0.0.1:${port}/`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-security-policy')).toBe(
        "default-src 'self'; frame-ancestors https://web.telegram.org",
      );
      const initData = sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, PROCESS_TOKEN, new Date());
      const owner = await fetch(`http://127.0.0.1:${port}/tags`, { headers: { authorization: `tma ${initData}` } });
      expect(owner.status).toBe(200);
      expect(await owner.text()).toContain('<h1>Tags</h1>');
    } finally {
      bot.child.kill('SIGTERM');
    }
    const result = await bot.done;
    expect(result.code).toBe(0);
  });
});
