// Where a request may come from and what it may be shown in, over real HTTP: npm run web's pages are framed by nobody
// and answer only for their loopback Host; a POST's Origin must match in scheme, host and port (the public origin's
// or the server's own); signing out ends the session; the calendar's edges answer 404 with a sentence; an offset past
// the end of a list reads sensibly; and a burst of one caller's requests gets 429s while a stylesheet is served.
import { request as httpRequest } from 'node:http';
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.ts';
import { webJournalFor, webLoginLinks } from '../../src/wiring/journal-web-view.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { createWebAuth } from '../../src/web/web-auth.ts';
import type { WebJournal } from '../../src/web/web-journal.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import { createWebView } from '../../src/web/web-view.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { buildWebDemo, formToken, serveWebDemo, WEB_DAY, type WebDemoServer } from '../helpers/web-demo.ts';

/** A request with exactly these headers (fetch would not let a test set Host). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A form carrying `token` as its csrf field, posted as a browser posts one. */
const tokenForm = (token: string) => ({
  body: `csrf=${encodeURIComponent(token)}`,
  type: { 'content-type': 'application/x-www-form-urlencoded' },
});

let temp: TempDb;
beforeAll(async () => {
  temp = await createTempDb();
  await buildWebDemo(temp.db, OWNER_ID);
}, 60_000);
afterAll(() => temp?.cleanup());

describe('npm run web (local)', () => {
  let web: WebDemoServer;
  let port: number;
  let session: string;
  beforeAll(async () => {
    web = await serveWebDemo(temp.db, { ALLOWED_USER_IDS: String(OWNER_ID) }, 'local');
    port = web.server.port;
    session = (await send(`${web.url}${await web.view.loginPath(OWNER_ID)}`)).headers['set-cookie']![0]!.split(';')[0]!;
  });
  afterAll(() => web?.server.close());

  it('cannot be framed by any page', async () => {
    for (const path of ['/', `/day/${WEB_DAY}`, '/assets/app.css', '/nowhere']) {
      const answer = await send(`${web.url}${path}`, { headers: { cookie: session } });
      expect({ path, csp: answer.headers['content-security-policy'], xfo: answer.headers['x-frame-options'] }).toEqual({
        path,
        csp: "default-src 'self'; frame-ancestors 'none'",
        xfo: 'DENY',
      });
    }
  });

  it('answers only for its loopback address (a rebound DNS name is refused)', async () => {
    const rebound = await send(`${web.url}/day/${WEB_DAY}`, {
      headers: { cookie: session, host: `attacker.example:${port}` },
    });
    expect(rebound.status).toBe(421);
    expect(rebound.body).toContain(`answers only at http://127.0.0.1:${port}/`);
    expect(rebound.body).not.toContain('Coffee on the balcony');
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`])
      expect((await send(`${web.url}/tags`, { headers: { cookie: session, host } })).status).toBe(200);
    // A port published under another number (docker run -p 9000:8081): refused, naming the fix.
    const published = await send(`${web.url}/tags`, { headers: { cookie: session, host: `127.0.0.1:${port + 1}` } });
    expect(published.status).toBe(421);
    expect(published.body).toContain(
      `listens on port ${port} but was reached on port ${port + 1}: publish it under the same number on both sides (docker run -p 127.0.0.1:${port}:${port} …), or set WEB_PORT=${port + 1}`,
    );
    expect(published.body).not.toContain('Coffee on the balcony');
  });

  it('takes a POST only from its own origin: scheme, host and port', async () => {
    const form = tokenForm(await formToken(web, { cookie: session }));
    const forget = (origin?: string) =>
      send(`${web.url}/entry/999999/forget`, {
        method: 'POST',
        headers: { cookie: session, ...form.type, ...(origin ? { origin } : {}) },
        body: form.body,
      });
    for (const origin of [
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
      'http://127.0.0.1',
      'https://evil.example',
      'null',
      'not a url',
    ]) {
      expect({ origin, status: (await forget(origin)).status }).toEqual({ origin, status: 403 });
    }
    // Ours (the entry does not exist: 404, past the origin check), and none at all (not a browser).
    expect((await forget(`http://127.0.0.1:${port}`)).status).toBe(404);
    expect((await forget()).status).toBe(404);
  });

  it("takes a POST only with the session's form token: none, another's or a forged one is refused (403)", async () => {
    const other = (await send(`${web.url}${await web.view.loginPath(OWNER_ID)}`)).headers['set-cookie']![0]!.split(
      ';',
    )[0]!;
    const othersToken = await formToken(web, { cookie: other });
    const ownToken = await formToken(web, { cookie: session });
    expect(othersToken).not.toBe(ownToken);
    const origin = `http://127.0.0.1:${port}`;
    const post = (path: string, body?: string, type = 'application/x-www-form-urlencoded') =>
      send(`${web.url}${path}`, { method: 'POST', headers: { cookie: session, origin, 'content-type': type }, body });
    for (const [body, type] of [
      [undefined, undefined],
      ['', undefined],
      [`csrf=${encodeURIComponent(othersToken)}`, undefined],
      [`csrf=${encodeURIComponent(ownToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`, undefined],
      [`csrf=${encodeURIComponent(ownToken)}`, 'text/plain'],
    ] as const) {
      for (const path of ['/entry/999999/forget', `/day/${WEB_DAY}/mood`, '/write', '/logout'])
        expect({ path, body, status: (await post(path, body, type)).status }).toEqual({ path, body, status: 403 });
    }
    // The mood form with the right token is taken (and is undone here, so other tests see the day as it was).
    const set = await post(`/day/${WEB_DAY}/mood`, `csrf=${encodeURIComponent(ownToken)}&mood=4`);
    expect(set.status).toBe(303);
    expect(set.headers.location).toBe(`/day/${WEB_DAY}?mood=4`);
    expect((await post(`/day/${WEB_DAY}/mood`, `csrf=${encodeURIComponent(ownToken)}&mood=none`)).status).toBe(303);
  });

  it('bounds a POST body: over 1 MB of form, or 40 MB with files, is refused (413) as soon as it says so', async () => {
    const token = encodeURIComponent(await formToken(web, { cookie: session }));
    const big = await send(`${web.url}/day/${WEB_DAY}/mood`, {
      method: 'POST',
      headers: {
        cookie: session,
        origin: `http://127.0.0.1:${port}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `csrf=${token}&mood=3&pad=${'x'.repeat(1024 * 1024)}`,
    });
    expect(big.status).toBe(413);
    expect(big.body).toContain('larger than 1 MB');
    const declared = await send(`${web.url}/write`, {
      method: 'POST',
      headers: {
        cookie: session,
        origin: `http://127.0.0.1:${port}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(41 * 1024 * 1024),
      },
    }).catch((error: Error) => ({ status: 0, body: error.message, headers: {} }));
    // Refused from its Content-Length before a byte of it is read (the client may see the connection close first).
    expect([413, 0]).toContain(declared.status);
    expect((await send(`${web.url}/tags`, { headers: { cookie: session } })).status).toBe(200);
  });

  it('signs out: the header offers it, and afterwards the session is over', async () => {
    const own = (await send(`${web.url}${await web.view.loginPath(OWNER_ID)}`)).headers['set-cookie']![0]!.split(
      ';',
    )[0]!;
    const calendar = await send(`${web.url}/tags`, { headers: { cookie: own } });
    expect(calendar.body).toContain('<form class="sign-out" action="/logout" method="post">');
    const form = tokenForm(await formToken(web, { cookie: own }));
    expect(
      (
        await send(`${web.url}/logout`, {
          method: 'POST',
          headers: { cookie: own, origin: 'https://evil.example', ...form.type },
          body: form.body,
        })
      ).status,
    ).toBe(403);
    const out = await send(`${web.url}/logout`, {
      method: 'POST',
      headers: { cookie: own, origin: `http://127.0.0.1:${port}`, ...form.type },
      body: form.body,
    });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/signed-out');
    expect(out.headers['set-cookie']![0]).toMatch(/^journal_session=; .*Max-Age=0/);
    expect((await send(`${web.url}/signed-out`)).body).toContain('This browser is signed out');
    expect((await send(`${web.url}/tags`, { headers: { cookie: own } })).status).toBe(401);
    expect((await send(`${web.url}/tags`, { headers: { cookie: session } })).status).toBe(200);
  });

  it('answers 404 with a sentence for months and days beyond the calendar, never 500', async () => {
    for (const path of [
      '/month/9999-12',
      '/month/0000-01',
      '/month/0001-01',
      '/day/0000-01-01',
      '/day/9999-12-31',
      '/day/0001-01-01',
    ]) {
      const answer = await send(`${web.url}${path}`, { headers: { cookie: session } });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body).toMatch(
        /is outside the calendar: its pages run from \d{4}-\d{2}(-\d{2})? to \d{4}-\d{2}(-\d{2})? \(years 0001 to 9999\)/,
      );
    }
    for (const path of ['/month/9999-11', '/month/0001-02', '/day/9999-12-30', '/day/0001-01-02']) {
      expect({ path, status: (await send(`${web.url}${path}`, { headers: { cookie: session } })).status }).toEqual({
        path,
        status: 200,
      });
    }
  });

  it('reads an offset past the end of a list as "none from there", linking back to the last page', async () => {
    const answer = await send(`${web.url}/tags/walk?offset=9007199254740991`, { headers: { cookie: session } });
    expect(answer.status).toBe(200);
    const total = Number(/<p>(\d+) entr(?:y|ies), none from 9007199254740992 on\.<\/p>/.exec(answer.body)?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(answer.body).not.toMatch(/9007199254740992–/);
    // The last page: the 50 entries before the end.
    expect(answer.body).toContain(`href="/tags/walk?offset=${Math.max(0, total - 50)}" rel="prev"`);
  });
});

describe('the Mini App', () => {
  let web: WebDemoServer;
  beforeAll(async () => {
    web = await serveWebDemo(temp.db, {
      TELEGRAM_BOT_TOKEN: TEST_TOKEN,
      ALLOWED_USER_IDS: String(OWNER_ID),
      MINI_APP_URL: 'https://journal.example.com/app',
    });
  });
  afterAll(() => web?.server.close());

  it("takes a POST from MINI_APP_URL's origin exactly, and is served on any Host (behind its TLS proxy)", async () => {
    const tma = { authorization: `tma ${sign({ user: { id: OWNER_ID, first_name: 'O' } }, TEST_TOKEN, new Date())}` };
    const form = tokenForm(await formToken(web, tma));
    const forget = (origin: string) =>
      send(`${web.url}/entry/999999/forget`, {
        method: 'POST',
        headers: { ...tma, origin, ...form.type },
        body: form.body,
      });
    expect((await forget('https://journal.example.com')).status).toBe(404);
    for (const origin of [
      'http://journal.example.com',
      'https://journal.example.com:8443',
      'https://other.example.com',
    ]) {
      expect({ origin, status: (await forget(origin)).status }).toEqual({ origin, status: 403 });
    }
    const page = await send(`${web.url}/tags`, { headers: { ...tma, host: 'journal.example.com' } });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('sign-out');
    expect(page.headers['x-frame-options']).toBeUndefined();
  });
});

describe('fair under load', () => {
  let server: WebServer;
  let url: string;
  let opened!: () => void;
  const gate = new Promise<void>((resolve) => (opened = resolve));
  let held = 0;
  let loginPaths: string[] = [];

  beforeAll(async () => {
    const config = parseConfig({ JOURNAL_TIMEZONE: 'UTC', ALLOWED_USER_IDS: String(OWNER_ID) });
    const logger = createMemoryLogger();
    const real = webJournalFor({ config, db: temp.db, clock: () => new Date('2024-07-01T00:00:00Z'), logger });
    // The real journal, its calendar reads held until the test opens the gate: the burst stays in flight.
    const journalFor = (ownerId: number): WebJournal => {
      const journal = real(ownerId);
      return { ...journal, dayCounts: async (span) => ((held += 1), await gate, journal.dayCounts(span)) };
    };
    const view = createWebView({
      auth: createWebAuth({
        botToken: null,
        allowedUserIds: [OWNER_ID],
        clock: () => new Date(),
        links: webLoginLinks(temp.db, () => new Date()),
      }),
      journalFor,
      logger,
      embedding: 'nobody',
      publicOrigins: [],
      loopbackOnly: true,
      maxInFlightPerCaller: 6,
    });
    server = await startWebServer(view, { port: 0, host: '127.0.0.1', logger });
    url = `http://127.0.0.1:${server.port}`;
    // Two sessions: the burst's, and another tab's.
    loginPaths = [await view.loginPath(OWNER_ID), await view.loginPath(OWNER_ID)];
  });
  afterAll(() => server?.close());

  it('answers 429 to a burst beyond its share and serves the stylesheet and another session meanwhile', async () => {
    const [burstLink, otherLink] = loginPaths;
    const burstCookie = (await send(`${url}${burstLink}`)).headers['set-cookie']![0]!.split(';')[0]!;
    const otherCookie = (await send(`${url}${otherLink}`)).headers['set-cookie']![0]!.split(';')[0]!;
    let refused = 0;
    const burst = Array.from({ length: 200 }, () =>
      send(`${url}/month/2024-04`, { headers: { cookie: burstCookie } }).then(
        (a) => ((refused += a.status === 429 && a.headers['retry-after'] === '1' ? 1 : 0), a),
      ),
    );
    // Every request beyond the six in hand is refused at once, while those six still wait on the journal.
    await expect.poll(() => refused, { timeout: 30_000 }).toBe(194);
    expect(held).toBe(6);
    const css = await send(`${url}/assets/app.css`);
    expect(css.status).toBe(200);
    expect(css.body).toContain(':root');
    // Another session is not refused: its request is one of its own share (it waits on the held journal like them).
    const other = send(`${url}/month/2024-04`, { headers: { cookie: otherCookie } });
    await expect.poll(() => held, { timeout: 10_000 }).toBe(7);
    opened();
    const answered = await Promise.all(burst);
    expect(answered.filter((a) => a.status === 200)).toHaveLength(6);
    expect((await other).status).toBe(200);
    // Once the burst is answered, the same session is served again.
    expect((await send(`${url}/month/2024-04`, { headers: { cookie: burstCookie } })).status).toBe(200);
  });
});
