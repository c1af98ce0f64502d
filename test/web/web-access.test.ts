// Who sees what, over real HTTP: valid signed initData for an owner gets their journal; forged, expired, a stranger's,
// and no session at all get 401 and no data; one owner never reaches another's entries; a login link works once;
// launch data from more than a minute in the future is refused; every answer carries the CSP and UTF-8, and no
// page links anywhere else. Also: the webhook server hands the web
// view every other path, and MINI_APP_URL's menu button goes to Telegram as a web_app button. On each store.
import { sign } from '@tma.js/init-data-node';
import { Api } from 'grammy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { setMiniAppMenuButton } from '../../src/telegram/mini-app-button.ts';
import { startWebhookServer } from '../../src/telegram/intake/webhook-server.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID, STRANGER_ID } from '../helpers/updates.ts';
import { startBotApiStandIn } from '../stand-ins/bot-api.ts';
import { buildWebDemo, EDITED_NOW, formToken, serveWebDemo, WEB_DAY, type WebDemoServer } from '../helpers/web-demo.ts';

const OTHER_OWNER = 222;
const OTHER_TEXT = 'The other owner keeps this to themselves';
const OWNER_TEXT = 'Coffee on the balcony';

const initDataFor = (id: number, at = new Date()) => sign({ user: { id, first_name: 'Tomás' } }, TEST_TOKEN, at);

describeStores('web view access', () => {
  let temp: TempDb;
  let web: WebDemoServer;

  beforeAll(async () => {
    temp = await createTempDb();
    await buildWebDemo(temp.db, OWNER_ID);
    await seedEntries(temp.db, OTHER_OWNER, [[`${WEB_DAY}T10:00:00Z`, OTHER_TEXT]]);
    web = await serveWebDemo(temp.db, {
      TELEGRAM_BOT_TOKEN: TEST_TOKEN,
      ALLOWED_USER_IDS: `${OWNER_ID},${OTHER_OWNER}`,
    });
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await fetch(`${web.url}${path}`, { method, headers, redirect: 'manual' });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  const tma = (initData: string) => ({ authorization: `tma ${initData}` });

  it('gives an owner with valid signed initData their own day, and the other owner only theirs', async () => {
    const mine = await get(`/day/${WEB_DAY}`, tma(initDataFor(OWNER_ID)));
    expect(mine.status).toBe(200);
    expect(mine.body).toContain(OWNER_TEXT);
    expect(mine.body).toContain('Tomás');
    expect(mine.body).not.toContain(OTHER_TEXT);

    const theirs = await get(`/day/${WEB_DAY}`, tma(initDataFor(OTHER_OWNER)));
    expect(theirs.status).toBe(200);
    expect(theirs.body).toContain(OTHER_TEXT);
    expect(theirs.body).not.toContain(OWNER_TEXT);
    const search = await get('/search?q=balcony', tma(initDataFor(OTHER_OWNER)));
    expect(search.body).toContain('<p>0 entries.</p>');

    // The owner's entry, asked for by id as the other owner: not found, and Forget cannot reach it.
    const ownerEntry = /href="\/entry\/(\d+)"/.exec(mine.body)?.[1];
    expect(ownerEntry).toBeDefined();
    expect((await get(`/entry/${ownerEntry}`, tma(initDataFor(OTHER_OWNER)))).status).toBe(404);
    const othersToken = await formToken(web, tma(initDataFor(OTHER_OWNER)));
    const forgetAsOther = await fetch(`${web.url}/entry/${ownerEntry}/forget`, {
      method: 'POST',
      headers: { ...tma(initDataFor(OTHER_OWNER)), 'content-type': 'application/x-www-form-urlencoded' },
      body: `csrf=${encodeURIComponent(othersToken)}`,
      redirect: 'manual',
    });
    expect(forgetAsOther.status).toBe(404);
    expect((await get(`/entry/${ownerEntry}`, tma(initDataFor(OWNER_ID)))).status).toBe(200);
  });

  it("answers forged, expired, a stranger's initData and a missing session with 401 and no data", async () => {
    const valid = initDataFor(OWNER_ID);
    const forgedUser = valid.replace(encodeURIComponent(`"id":${OWNER_ID}`), encodeURIComponent(`"id":${OTHER_OWNER}`));
    expect(forgedUser).not.toBe(valid);
    const cases: [string, Record<string, string>][] = [
      ['no session', {}],
      ['a made-up session cookie', { cookie: 'journal_session=made-up' }],
      ['forged hash', tma(valid.replace(/hash=[0-9a-f]{4}/, 'hash=0000'))],
      ['forged user', tma(forgedUser)],
      [
        'signed with another token',
        tma(sign({ user: { id: OWNER_ID, first_name: 'x' } }, '654321:another-bot-token-entirely', new Date())),
      ],
      ['expired', tma(initDataFor(OWNER_ID, new Date(Date.now() - 2 * 3_600_000)))],
      ['signed a day in the future', tma(initDataFor(OWNER_ID, new Date(Date.now() + 24 * 3_600_000)))],
      ['signed two minutes in the future', tma(initDataFor(OWNER_ID, new Date(Date.now() + 2 * 60_000)))],
      ["a stranger's", tma(initDataFor(STRANGER_ID))],
      ['not initData at all', tma('hello')],
    ];
    for (const [what, headers] of cases) {
      for (const path of [
        '/',
        `/day/${WEB_DAY}`,
        '/search?q=walk',
        '/tags',
        '/onthisday?date=2024-04-02',
        '/entry/1',
      ]) {
        const answer = await get(path, headers);
        expect({ what, path, status: answer.status }).toEqual({ what, path, status: 401 });
        expect(answer.body).not.toContain(OWNER_TEXT);
        expect(answer.body).not.toContain('href="/day/');
        expect(answer.body).not.toContain('href="/entry/');
      }
      expect((await get('/entry/1/forget', headers, 'POST')).status).toBe(401);
    }
    expect((await get('/entry/1', tma(valid))).status).not.toBe(401);
    // Within a minute of clock skew, launch data is still taken.
    expect((await get('/tags', tma(initDataFor(OWNER_ID, new Date(Date.now() + 30_000))))).status).toBe(200);
  });

  it('exchanges a login link once for an HttpOnly, SameSite=Strict session cookie', async () => {
    const link = await web.view.loginPath(OWNER_ID);
    const first = await get(link);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^journal_session=[\w-]{40,}; HttpOnly; SameSite=Strict; Path=\/$/);
    const session = cookie.split(';')[0]!;
    const day = await get(`/day/${WEB_DAY}`, { cookie: session });
    expect(day.status).toBe(200);
    expect(day.body).toContain(EDITED_NOW);
    const again = await get(link);
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    // A cookie-signed-in POST from another site's page is refused.
    expect((await get('/entry/1/forget', { cookie: session, origin: 'https://evil.example' }, 'POST')).status).toBe(
      403,
    );
  });

  it("sets the CSP (framed by Telegram's web client only) and UTF-8 on every answer, serves its own assets, and links nowhere else", async () => {
    const session = (await get(await web.view.loginPath(OWNER_ID))).headers.get('set-cookie')!.split(';')[0]!;
    const paths = [
      '/',
      '/?year=2024',
      '/month/2024-04',
      `/day/${WEB_DAY}`,
      '/search?q=walk',
      '/search?q=%22walk',
      '/tags',
      '/tags/walk',
      '/onthisday?date=2024-04-02',
      '/nowhere',
    ];
    for (const path of [...paths, '/assets/app.css', '/assets/app.js', '/assets/icon.svg']) {
      const answer = await get(path, { cookie: session });
      expect({ path, csp: answer.headers.get('content-security-policy') }).toEqual({
        path,
        csp: "default-src 'self'; frame-ancestors https://web.telegram.org",
      });
      expect(answer.headers.get('content-type')).toMatch(/; charset=utf-8$/);
      expect(answer.body).not.toMatch(/\b(?:src|href|action)="(?:[a-z]+:)?\/\//i);
      expect(answer.body).not.toMatch(/url\(\s*['"]?(?:[a-z]+:)?\/\//i);
    }
    const badSearch = await get('/search?q=%22walk', { cookie: session });
    expect(badSearch.status).toBe(400);
    expect(badSearch.body).toContain('a phrase is missing its closing &#34;');
    // Entry text is escaped, never markup.
    await seedEntries(temp.db, OWNER_ID, [['2024-05-05T10:00:00Z', '<script>alert(1)</script> & "quotes"']]);
    const hostile = await get('/day/2024-05-05', { cookie: session });
    expect(hostile.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; "quotes"');
    expect(hostile.body).not.toContain('<script>alert');
  });

  it('is served on the webhook port for every path but the webhook, which keeps working', async () => {
    const logger = createMemoryLogger();
    const accepted: unknown[] = [];
    const server = await startWebhookServer({
      port: 0,
      host: '127.0.0.1',
      path: '/tg',
      secret: 'sekret',
      inbox: { accept: async (updates) => void accepted.push(...updates) },
      logger,
      otherRequests: web.view.handle,
    });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const page = await fetch(`${base}/day/${WEB_DAY}`, { headers: tma(initDataFor(OWNER_ID)) });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(OWNER_TEXT);
      expect((await fetch(`${base}/day/${WEB_DAY}`)).status).toBe(401);
      const update = await fetch(`${base}/tg`, {
        method: 'POST',
        headers: { 'x-telegram-bot-api-secret-token': 'sekret' },
        body: JSON.stringify({ update_id: 5 }),
      });
      expect(update.status).toBe(200);
      expect(accepted).toEqual([{ update_id: 5 }]);
    } finally {
      await server.close();
    }
  });

  it("sets the bot's menu button to open MINI_APP_URL as a web app", async () => {
    const api = await startBotApiStandIn();
    try {
      await setMiniAppMenuButton(new Api(TEST_TOKEN, { apiRoot: api.url }), 'https://journal.example.com/');
      expect(api.callsTo('setChatMenuButton').map((c) => c.payload)).toEqual([
        { menu_button: { type: 'web_app', text: 'Journal', web_app: { url: 'https://journal.example.com/' } } },
      ]);
    } finally {
      await api.close();
    }
  });
});
