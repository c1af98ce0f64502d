// The web view's request pipeline is a list of named guards (src/web/request-guards.ts) in a pinned order, and the
// order is what a request meets over real HTTP: the assets are answered before the Host is checked, a caller before
// a form's origin, a form's origin before its body is read, the route before the caller's share is taken.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_GUARDS } from '../../src/web/request-guards.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { buildWebDemo, formToken, serveWebDemo, signIn, type WebDemoServer } from '../helpers/web-demo.ts';

/** One request as a browser (or an attacker) sends it, Host header included; its status. */
function send(
  web: WebDemoServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
) {
  const { port } = new URL(web.url);
  return new Promise<number>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve(-1) : reject(error)));
    req.end(options.body);
  });
}

describe('the web view’s request guards', () => {
  let temp: TempDb;
  let web: WebDemoServer;
  let session: string;

  beforeAll(async () => {
    temp = await createTempDb();
    await buildWebDemo(temp.db, OWNER_ID);
    web = await serveWebDemo(temp.db, { ALLOWED_USER_IDS: String(OWNER_ID) }, 'local');
    session = await signIn(web, OWNER_ID);
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  it('are listed once, in the order every request meets them', () => {
    expect(WEB_GUARDS.map((g) => g.name.split(':')[0])).toEqual([
      'assets',
      'loopback host',
      'login link',
      'signed out',
      'sign out',
      'caller',
      'media',
      'signed in',
      'journal path',
      'route',
      'own origin',
      'caller share',
      'form token',
    ]);
    // Each says what it checks and how it refuses.
    for (const guard of WEB_GUARDS) expect(guard.name).toMatch(/^[a-z ]+: .{20,}/);
  });

  it('answer the assets before the Host is checked, and a page under a rebound name 421', async () => {
    const rebound = { host: 'journal.attacker.example' };
    expect(await send(web, '/assets/app.css', { headers: rebound })).toBe(200);
    expect(await send(web, '/', { headers: { ...rebound, cookie: session } })).toBe(421);
  });

  it('ask who is calling before anything of a page: no session is 401 whatever the form', async () => {
    const foreign = { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' };
    expect(await send(web, '/write', { method: 'POST', headers: foreign, body: 'text=hi' })).toBe(401);
    expect(await send(web, '/no-such-page', {})).toBe(401);
  });

  it('match the route before a form is looked at: 404 for no page, 405 for a method the page does not take', async () => {
    expect(await send(web, '/no-such-page', { headers: { cookie: session } })).toBe(404);
    expect(await send(web, '/write', { method: 'DELETE', headers: { cookie: session } })).toBe(405);
    expect(await send(web, '/journal/%ZZ/', { headers: { cookie: session } })).toBe(400);
  });

  it('refuse a form from another site before reading its body, and one without the token after', async () => {
    const form = { cookie: session, 'content-type': 'application/x-www-form-urlencoded' };
    // 2 MB is past the form's limit: read, it would be 413; refused at its origin, it is never read.
    const big = `text=${'x'.repeat(2 * 1024 * 1024)}`;
    expect(
      await send(web, '/write', { method: 'POST', headers: { ...form, origin: 'https://evil.example' }, body: big }),
    ).toBe(403);
    expect(await send(web, '/write', { method: 'POST', headers: { ...form, origin: web.url }, body: 'text=hi' })).toBe(
      403,
    );
    const csrf = await formToken(web, { cookie: session });
    const body = `text=${encodeURIComponent('Written past every guard')}&csrf=${csrf}`;
    expect(await send(web, '/write', { method: 'POST', headers: { ...form, origin: web.url }, body })).toBe(303);
  });
});
