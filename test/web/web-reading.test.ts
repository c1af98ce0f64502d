// Reading the journal in the web view (npm run web and the Mini App, one router), over real HTTP on each store: the
// calendar opens where the entries are (this year when it has some, else the latest that has; an empty year says
// where the nearest are); an entry's Markdown is formatted and nothing of its raw HTML becomes markup; place, weather
// and the star show; a search lists short excerpts with the matching words marked; a list's total stops at 1,000.
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.ts';
import { countEntriesUpTo, nearestEntryDays } from '../../src/journal/views/entry-queries.ts';
import { withSearch } from '../../src/journal/views/journal-view.ts';
import { createJournalWebView } from '../../src/wiring/journal-web-view.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { searchPage } from '../../src/web/pages.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { buildWebDemo, serveWebDemo, type WebDemoServer } from '../helpers/web-demo.ts';

const DAY = '2024-05-20';
const MARKDOWN = [
  '**Bold** and _soft_ words',
  '',
  '- one',
  '- two',
  '',
  '<script>alert(1)</script> <img src=x onerror=alert(2)> <b onclick="x()">raw</b>',
  '[a site](https://example.com/x) ![a picture](https://example.com/p.png) [[also]](javascript:alert(3))',
].join('\n');
const LONG_START = 'Slow start of a long day. '.repeat(30);
const LONG = `${LONG_START}Then the zanzibar ferry came in at noon. ${'And the rest of the afternoon went by. '.repeat(30)}`;
const PLACED = 'Dinner out with friends';

describeStores('web view reading', () => {
  let temp: TempDb;
  let web: WebDemoServer;
  let later: { server: WebServer; url: string; cookie: string };
  let cookie: string;

  const signIn = async (url: string, path: string) => {
    const res = await fetch(`${url}${path}`, { redirect: 'manual' });
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  };

  beforeAll(async () => {
    temp = await createTempDb();
    await buildWebDemo(temp.db, OWNER_ID);
    await seedEntries(temp.db, OWNER_ID, [
      [`${DAY}T08:00:00Z`, MARKDOWN],
      [`${DAY}T09:00:00Z`, LONG],
      [`${DAY}T20:00:00Z`, PLACED],
    ]);
    await temp.db
      .updateTable('entry')
      .set({
        metadata: JSON.stringify({
          starred: true,
          place: { name: "Uncle's Tavern", locality: 'Alice Springs', latitude: -23.70069, longitude: 133.8813 },
          weather: { description: 'Partly Cloudy', temperature_c: 34 },
        }),
      })
      .where('owner_id', '=', OWNER_ID)
      .where('content', '=', PLACED)
      .execute();
    web = await serveWebDemo(temp.db, { TELEGRAM_BOT_TOKEN: TEST_TOKEN, ALLOWED_USER_IDS: String(OWNER_ID) });
    cookie = await signIn(web.url, await web.view.loginPath(OWNER_ID));
    // The same journal two years on: this year (2026) has no entries.
    const config = parseConfig({
      JOURNAL_TIMEZONE: 'UTC',
      TELEGRAM_BOT_TOKEN: TEST_TOKEN,
      ALLOWED_USER_IDS: String(OWNER_ID),
    });
    const view = createJournalWebView({
      config,
      db: temp.db,
      clock: () => new Date('2026-03-01T12:00:00Z'),
      logger: createMemoryLogger(),
      botToken: TEST_TOKEN,
      surface: 'local',
    });
    const server = await startWebServer(view, { port: 0, host: '127.0.0.1', logger: createMemoryLogger() });
    const url = `http://127.0.0.1:${server.port}`;
    later = { server, url, cookie: await signIn(url, await view.loginPath(OWNER_ID)) };
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await later?.server.close();
    await temp?.cleanup();
  });

  const get = async (path: string, as: { url: string; cookie: string } = { url: web.url, cookie }) => {
    const res = await fetch(`${as.url}${path}`, { headers: { cookie: as.cookie } });
    return { status: res.status, body: await res.text() };
  };

  it('opens the calendar on this year when it has entries', async () => {
    expect((await get('/')).body).toContain('<h1>2024</h1>');
  });

  it('opens on the latest year with entries when this year has none, in the browser and in the Mini App', async () => {
    const page = await get('/', later);
    expect(page.body).toContain('<h1>2024</h1>');
    expect(page.body).toMatch(/entries on \d+ days/);
    // Launch data is checked against the real clock; the calendar's year comes from the view's.
    const initData = sign({ user: { id: OWNER_ID, first_name: 'Ana' } }, TEST_TOKEN, new Date());
    const mini = await fetch(`${later.url}/`, { headers: { authorization: `tma ${initData}` } });
    expect(mini.status).toBe(200);
    expect(await mini.text()).toContain('<h1>2024</h1>');
  });

  it('opens a past year on its latest month with entries, and links every year that has entries', async () => {
    await seedEntries(temp.db, OWNER_ID, [['2019-03-10T10:00:00Z', 'An old note']]);
    const page = (await get('/', later)).body;
    // 2024's entries end in June: that month is shown large at the top, not an empty January or this month.
    expect(page).toMatch(
      /<section class="this-month" aria-label="The latest month with entries"><table class="month large">\s*<caption><a href="\/month\/2024-06">/,
    );
    expect(page).toContain(
      '<nav class="years" aria-label="Years with entries"><span class="count">Years with entries:</span> <a href="/?year=2024" aria-current="page">2024</a> <a href="/?year=2019">2019</a> </nav>',
    );
    expect((await get('/?year=2019', later)).body).toContain('<caption><a href="/month/2019-03">');
    await temp.db.deleteFrom('entry').where('content', '=', 'An old note').execute();
  });

  it('says where the nearest entries are for a year without any', async () => {
    const empty = await get('/?year=2025', later);
    expect(empty.status).toBe(200);
    expect(empty.body).toContain('No entries this year. The nearest are before it in <a href="/?year=2024">2024</a>');
    expect(empty.body).toContain('href="/day/2024-06-30"');
    expect((await get('/?year=2023', later)).body).toContain(
      'after it in <a href="/?year=2024">2024</a> (the first on <a href="/day/2024-04-01">',
    );
  });

  it("formats an entry's Markdown and shows its raw HTML as text, never as markup", async () => {
    const day = (await get(`/day/${DAY}`)).body;
    expect(day).toContain('<strong>Bold</strong> and <em>soft</em> words');
    expect(day).toContain('<li>one</li>');
    const start = day.indexOf('<strong>Bold');
    const entry = day.slice(start, day.indexOf('</div>', start));
    // Only our own tags, without attributes beyond a class: no element an entry wrote, no link anywhere.
    expect(
      entry
        .match(/<[a-z][a-z0-9]*(\s[^>]*)?>/gi)
        ?.filter((t) => !/^<(strong|em|ul|li|p|br|span class="(link|address|image)")>$/.test(t)),
    ).toEqual([]);
    expect(entry).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(entry).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(day).toContain('<span class="link">a site</span> <span class="address">(https://example.com/x)</span>');
    expect(day).toContain('<span class="image">[a picture]</span>');
  });

  it('shows place (names, and a link to its coordinates on a map), weather and the star of an entry that has them', async () => {
    const day = (await get(`/day/${DAY}`)).body;
    expect(day).toContain('<span class="visually-hidden">Starred</span>');
    expect(day).toContain('Uncle&#39;s Tavern, Alice Springs <a class="map"');
    expect(day).toContain(
      'href="https://www.openstreetmap.org/?mlat=-23.70069&amp;mlon=133.88130#map=16/-23.70069/133.88130"',
    );
    // Names, not raw coordinates, and no map loaded into the page.
    expect(day).not.toContain('(-23.70069, 133.88130)');
    expect(day).not.toMatch(/<(img|iframe)[^>]*openstreetmap/);
    expect(day).toContain('Partly Cloudy, 34 °C');
    expect(day.match(/class="starred"/g)).toHaveLength(1);
  });

  it('lists search results as short excerpts with the matching words marked', async () => {
    const found = (await get('/search?q=zanzibar')).body;
    expect(found).toContain('<mark>zanzibar</mark> ferry came in at noon');
    expect(found).not.toContain(LONG_START);
    expect(found).toMatch(/<p class="excerpt">…[^<]*<mark>zanzibar<\/mark>[^<]*…<\/p>/);
    const prefix = (await get('/search?q=ZANZ*')).body;
    expect(prefix).toContain('<mark>zanzibar</mark>');
  });

  it('applies the time a search names and says the range', async () => {
    const may = (await get(`/search?q=${encodeURIComponent('zanzibar in May 2024')}`)).body;
    expect(may).toMatch(/<p class="range">[^<]*May 2024: 2024-05-01 to 2024-05-31, 1 entry<\/p>/);
    expect(may).toContain('<mark>zanzibar</mark>');
    const before = (await get(`/search?q=${encodeURIComponent('zanzibar in May 2023')}`)).body;
    expect(before).toMatch(/<p class="range">[^<]*May 2023: 2023-05-01 to 2023-05-31, 0 entries<\/p>/);
    expect(before).not.toContain('<mark>zanzibar</mark>');
  });

  it('counts a list up to 1,000 and says "more than" beyond', async () => {
    await seedEntries(
      temp.db,
      OWNER_ID + 1,
      Array.from(
        { length: 1_005 },
        (_, i) =>
          [
            `2024-01-01T${String(Math.floor(i / 60) % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`,
            `cap ${i}`,
          ] as const,
      ),
    );
    const view = withSearch({}, 'cap');
    expect(await countEntriesUpTo(temp.db, OWNER_ID + 1, view, 1_000)).toBe(1_001);
    expect(await countEntriesUpTo(temp.db, OWNER_ID + 1, view, 2_000)).toBe(1_005);
    expect(await countEntriesUpTo(temp.db, OWNER_ID, view, 1_000)).toBe(0);
    const page = searchPage({ at: '', mediaQuery: () => '', csrf: '' }, 'cap', {
      found: { total: 1_000, moreThanTotal: true, entries: [] },
      offset: 0,
      pageSize: 50,
      order: 'newest',
    }).text;
    expect(page).toContain('More than 1,000 entries.');
  }, 60_000);

  it('finds the nearest days around a span with two seeks', async () => {
    expect(await nearestEntryDays(temp.db, OWNER_ID, '2025-01-01', '2025-12-31')).toEqual({
      before: '2024-06-30',
      after: null,
    });
    expect(await nearestEntryDays(temp.db, OWNER_ID, '2023-01-01', '2023-12-31')).toEqual({
      before: null,
      after: '2024-04-01',
    });
  });
});
