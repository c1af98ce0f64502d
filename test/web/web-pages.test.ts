// The web view's pages are declared (src/web/pages/, route.ts WebPage) and listed once (WEB_PAGES); the router, the
// navigation and the stylesheet are read from that list. Pinned over real HTTP on the demo journal: every declared
// route answers a page, every page with a navigation entry is in every page's navigation in the list's order and
// marked current on its own page, a page's own CSS is served, a POST-only path is 405 to a GET and an unknown one 404.
// A new page's routes need a sample path below (the test fails naming the route that has none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_PAGES } from '../../src/web/pages/index.ts';
import { matchRoute, PAGE_NAV } from '../../src/web/page-routes.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { buildWebDemo, serveWebDemo, signIn, WEB_DAY, type WebDemoServer } from '../helpers/web-demo.ts';

/** A path each declared route answers on the demo journal (entry 1 exists, WEB_DAY has entries and #walk). */
const SAMPLES: { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/month/2024-04' },
  { method: 'GET', path: `/day/${WEB_DAY}` },
  { method: 'GET', path: '/timeline' },
  { method: 'GET', path: '/photos' },
  { method: 'GET', path: '/search?q=walk' },
  { method: 'GET', path: '/tags' },
  { method: 'GET', path: '/tags/walk' },
  { method: 'GET', path: `/onthisday?date=${WEB_DAY}` },
  { method: 'GET', path: '/write' },
  { method: 'POST', path: '/write' },
  { method: 'GET', path: '/entry/1/edit' },
  { method: 'POST', path: '/entry/1/edit' },
  { method: 'POST', path: `/day/${WEB_DAY}/mood` },
  { method: 'GET', path: '/entry/1' },
  { method: 'GET', path: '/entry/1/forget' },
  { method: 'POST', path: '/entry/1/forget' },
];

const pathOf = (sample: string) => new URL(sample, 'http://x').pathname;

describe('the declared web pages (WEB_PAGES)', () => {
  let temp: TempDb;
  let web: WebDemoServer;
  let cookie: string;

  beforeAll(async () => {
    temp = await createTempDb();
    await buildWebDemo(temp.db, OWNER_ID);
    web = await serveWebDemo(temp.db, { TELEGRAM_BOT_TOKEN: TEST_TOKEN, ALLOWED_USER_IDS: String(OWNER_ID) }, 'local');
    cookie = await signIn(web, OWNER_ID);
  }, 60_000);
  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  const get = async (path: string) => {
    const res = await fetch(`${web.url}${path}`, { headers: { cookie }, redirect: 'manual' });
    return { status: res.status, body: await res.text() };
  };
  /** The navigation's links and the one marked current, as the page's HTML has them. */
  const navOf = (body: string) => {
    const nav = /<nav aria-label="Journal">([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? '';
    const links = [...nav.matchAll(/<a href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g)];
    return { items: links.map((l) => [l.at(3), l.at(1)]), current: links.find((l) => l[2])?.[3] ?? null };
  };

  it('has a sample for every declared route, each matched by that route alone, and no two pages of one name', () => {
    expect(new Set(WEB_PAGES.map((p) => p.name)).size).toBe(WEB_PAGES.length);
    for (const page of WEB_PAGES) {
      for (const route of page.routes) {
        const samples = SAMPLES.filter((s) => s.method === route.method && route.path.test(pathOf(s.path)));
        expect(samples.length, `${page.name}: ${route.method} ${route.path.source} has no sample path`).toBe(1);
        expect(matchRoute(route.method, pathOf(samples[0]!.path))?.route).toBe(route);
      }
    }
    for (const sample of SAMPLES) expect(matchRoute(sample.method, pathOf(sample.path)), sample.path).not.toBeNull();
  });

  it('answers every declared GET route with a page showing the whole navigation, in the list order', async () => {
    const expected = PAGE_NAV.map((n) => [n.label, n.href]);
    expect(expected.map(([label]) => label)).toEqual(WEB_PAGES.flatMap((p) => (p.nav ? [p.nav.label] : [])));
    for (const { path } of SAMPLES.filter((s) => s.method === 'GET')) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(navOf(answer.body).items, path).toEqual(expected);
    }
  });

  it("marks each page's own navigation entry as the page shown", async () => {
    expect(PAGE_NAV.length).toBeGreaterThan(0);
    for (const item of PAGE_NAV) {
      const answer = await get(item.href);
      expect(answer.status, item.href).toBe(200);
      expect(navOf(answer.body).current, item.href).toBe(item.label);
    }
  });

  it("serves each page's own styles in /assets/app.css", async () => {
    const css = await get('/assets/app.css');
    expect(css.status).toBe(200);
    const declared = WEB_PAGES.flatMap((p) => (p.css ? [p.css] : []));
    expect(declared.length).toBeGreaterThan(0); // the tags page declares its list's grid
    for (const own of declared) expect(css.body).toContain(own);
  });

  it('answers a GET to a POST-only path 405, and a path no page declares 404', async () => {
    const postOnly = SAMPLES.filter(
      (s) => s.method === 'POST' && !SAMPLES.some((g) => g.method === 'GET' && pathOf(g.path) === pathOf(s.path)),
    );
    expect(postOnly.length).toBeGreaterThan(0);
    for (const { path } of postOnly) expect((await get(path)).status, path).toBe(405);
    for (const path of ['/nowhere', '/tags/walk/more', '/entry/x', '/month/2024-13']) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body).toContain('There is no such page.');
    }
  });
});
