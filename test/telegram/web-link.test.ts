// /web through the Bot API stand-in: a one-time login link for npm run web on 127.0.0.1:WEB_PORT, stored (as its
// hash) in the database npm run web shares, taken once by the web view there, owner-scoped, and /web is no entry.
import { expect, it } from 'vitest';
import { webLoginLinks } from '../../src/wiring/journal-web-view.ts';
import { appPerTest } from '../helpers/app-per-test.ts';
import { describeStores } from '../helpers/stores.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';

describeStores('/web', () => {
  const now = new Date('2024-06-01T12:00:00Z');
  const { t, replies } = appPerTest(now);

  it('answers a login link that npm run web takes once, for the owner who asked, and stores no entry', async () => {
    await t.send(textUpdate('/web'));
    const reply = replies().at(-1)!;
    const link = /http:\/\/127\.0\.0\.1:(\d+)\/login\?token=([\w-]+)/.exec(reply);
    expect(link, reply).not.toBeNull();
    expect(Number(link![1])).toBe(8081);
    expect(reply).toContain('it works once, for 10 minutes');
    const links = webLoginLinks(t.temp.db, () => now);
    expect(await links.redeem(link![2]!)).toEqual({ ownerId: OWNER_ID });
    expect(await links.redeem(link![2]!)).toEqual({ refused: 'used' });
    expect(await webLoginLinks(t.temp.db, () => new Date(now.getTime() + 11 * 60_000)).redeem('x'.repeat(43))).toEqual({
      refused: 'unknown',
    });
    const stored = await t.temp.db.selectFrom('web_login_link').selectAll().execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(link![2]);
    expect(await t.temp.db.selectFrom('entry').select('id').execute()).toEqual([]);
  });

  it('a link past its ten minutes does not sign in', async () => {
    await t.send(textUpdate('/web'));
    const token = /login\?token=([\w-]+)/.exec(replies().at(-1)!)![1]!;
    expect(await webLoginLinks(t.temp.db, () => new Date(now.getTime() + 10 * 60_000 + 1)).redeem(token)).toEqual({
      refused: 'unknown',
    });
  });
});
