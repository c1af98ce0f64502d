// Switching journals in the web view (npm run web and the Mini App, one router), over real HTTP on each store: the
// pages under /journal/<name>/ read that journal only (calendar, month, day, search, tags, an entry) and every link
// they make keeps it; the pages without the prefix read every journal; the switcher lists the journals with their
// counts, its names escaped, and shows only when the owner has more than one; an unknown name is 404, a malformed 400.
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveEntry } from '../../src/journal/entries/entry-store.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { formToken, serveWebDemo, type WebDemoServer, signIn } from '../helpers/web-demo.ts';

const SINGLE_OWNER = 333;
/** A topic's name as typed in Telegram: a slash, markup and an ampersand, which must stay text. */
const ODD_NAME = 'Work/<b>& "log"';
const NOW = new Date('2024-07-01T00:00:00Z');

let messageId = 1;
async function write(db: JournalDb, at: string, text: string, journal?: string): Promise<void> {
  await saveEntry(
    db,
    {
      ownerId: OWNER_ID,
      source: 'live',
      chatId: OWNER_ID,
      messageId: messageId++,
      writtenAt: new Date(at),
      text,
      ...(journal === undefined ? {} : { journal }),
    },
    { timeZone: 'UTC', now: NOW },
  );
}

describeStores('web view journals', () => {
  let temp: TempDb;
  let web: WebDemoServer;
  let cookie: string;

  beforeAll(async () => {
    temp = await createTempDb();
    await write(temp.db, '2024-05-01T08:00:00Z', 'Coffee and a morning walk #walk');
    await write(temp.db, '2024-05-02T08:00:00Z', 'Office day, a walk at lunch');
    await write(temp.db, '2024-05-01T06:00:00Z', 'Flying over the sea on a walk #walk', 'Dreams');
    await write(temp.db, '2024-05-03T06:00:00Z', 'Falling down the stairs', 'Dreams');
    await write(temp.db, '2024-05-04T09:00:00Z', 'Planning the quarter', ODD_NAME);
    await seedEntries(temp.db, SINGLE_OWNER, [['2024-05-01T10:00:00Z', 'Only the main journal here']]);
    web = await serveWebDemo(temp.db, {
      TELEGRAM_BOT_TOKEN: TEST_TOKEN,
      ALLOWED_USER_IDS: `${OWNER_ID},${SINGLE_OWNER}`,
    });
    cookie = await signIn(web, OWNER_ID);
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  const get = async (path: string, headers: Record<string, string> = { cookie }) => {
    const res = await fetch(`${web.url}${path}`, { headers, redirect: 'manual' });
    return { status: res.status, body: await res.text(), location: res.headers.get('location') };
  };
  /** Every link and form target of a page's content and header (the assets and media aside). */
  const targets = (body: string) =>
    [...body.matchAll(/\b(?:href|action)="([^"]*)"/g)]
      .map((m) => m[1]!)
      .filter((t) => !t.startsWith('/assets/') && !t.startsWith('/media/') && t !== '#content' && t !== '/logout');

  it("reads one journal's calendar, month and day under /journal/<name>/, and every journal without the prefix", async () => {
    const dreams = await get('/journal/Dreams/?year=2024');
    expect(dreams.status).toBe(200);
    expect(dreams.body).toContain('2 entries on 2 days');
    expect(dreams.body).toContain('href="/journal/Dreams/day/2024-05-01"');
    expect(dreams.body).toContain('href="/journal/Dreams/day/2024-05-03"');
    expect(dreams.body).not.toContain('/day/2024-05-02"');
    expect(dreams.body).toContain('<title>2024 · Dreams · Journal</title>');
    const all = await get('/?year=2024');
    expect(all.body).toContain('5 entries on 4 days');
    expect(all.body).toContain('href="/day/2024-05-02"');

    const month = await get('/journal/Dreams/month/2024-05');
    expect(month.body).toContain('2 entries on 2 days');
    expect(month.body).not.toContain('2024-05-04');

    const day = await get('/journal/Dreams/day/2024-05-01');
    expect(day.body).toContain('Flying over the sea');
    expect(day.body).not.toContain('Coffee');
    const main = await get('/journal/Main/day/2024-05-01');
    expect(main.body).toContain('Coffee');
    expect(main.body).not.toContain('Flying');
    const both = await get('/day/2024-05-01');
    expect(both.body).toContain('Coffee');
    expect(both.body).toContain('Flying');
    // An empty year points to the nearest days of this journal, not of another.
    const empty = await get('/journal/Dreams/?year=2023');
    expect(empty.body).toContain('href="/journal/Dreams/day/2024-05-01"');
  });

  it('searches and lists tags within the journal, and every link of its pages keeps the journal', async () => {
    const found = await get('/journal/Dreams/search?q=walk');
    expect(found.status).toBe(200);
    expect(found.body).toContain('1 entry, 1–1 shown');
    expect(found.body).toContain('Flying');
    expect(found.body).not.toContain('Coffee');
    const everywhere = await get('/search?q=walk');
    expect(everywhere.body).toContain('3 entries, 1–3 shown');

    const tagged = await get('/journal/Dreams/tags/walk');
    expect(tagged.body).toContain('Flying');
    expect(tagged.body).not.toContain('Coffee');
    const tags = await get('/journal/Main/tags');
    expect(tags.body).toContain('href="/journal/Main/tags/walk"');
    expect(tags.body).toContain('1 entry');

    for (const path of [
      '/journal/Dreams/search?q=walk',
      '/journal/Dreams/day/2024-05-01',
      '/journal/Dreams/?year=2024',
      '/journal/Dreams/tags',
    ]) {
      // The switcher aside (it leads to the other journals), the header and the content.
      const page = (await get(path)).body.replace(/<nav class="journals"[\s\S]*?<\/nav>/, '');
      expect(targets(page).length).toBeGreaterThan(5);
      for (const target of targets(page)) expect(target, `${path}: ${target}`).toMatch(/^\/journal\/Dreams\//);
    }
  });

  it("opens an entry of the journal, and is 404 for another journal's entry (nor can it be forgotten from there)", async () => {
    const day = await get('/journal/Main/day/2024-05-01');
    const id = /href="\/journal\/Main\/entry\/(\d+)"/.exec(day.body)![1]!;
    expect((await get(`/journal/Main/entry/${id}`)).body).toContain('Coffee');
    expect((await get(`/entry/${id}`)).status).toBe(200);
    expect((await get(`/journal/Dreams/entry/${id}`)).status).toBe(404);
    const forget = await fetch(`${web.url}/journal/Dreams/entry/${id}/forget`, {
      method: 'POST',
      headers: { cookie, origin: web.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: `csrf=${encodeURIComponent(await formToken(web, { cookie }))}`,
      redirect: 'manual',
    });
    expect(forget.status).toBe(404);
    expect((await get(`/journal/Main/entry/${id}`)).status).toBe(200);
  });

  it('shows the switcher with each journal and its count, the names escaped, leading to the same page', async () => {
    const { body } = await get('/journal/Dreams/search?q=walk');
    const switcher = /<nav class="journals" aria-label="Journals">([\s\S]*?)<\/nav>/.exec(body)![1]!;
    expect(switcher).toContain('<a href="/search?q=walk">All journals <span class="count">5 entries</span></a>');
    expect(switcher).toContain('<a href="/journal/Main/search?q=walk">Main <span class="count">2 entries</span></a>');
    expect(switcher).toContain(
      '<a href="/journal/Dreams/search?q=walk" aria-current="page">Dreams <span class="count">2 entries</span></a>',
    );
    const odd = encodeURIComponent(ODD_NAME);
    expect(switcher).toContain(
      `<a href="/journal/${odd}/search?q=walk">Work/&#60;b&#62;&#38; &#34;log&#34; <span class="count">1 entry</span></a>`,
    );
    expect(body).not.toContain('<b>&');
    // The journal of that odd name opens by its link, its name escaped in the page's title too.
    const oddPage = await get(`/journal/${odd}/day/2024-05-04`);
    expect(oddPage.status).toBe(200);
    expect(oddPage.body).toContain('Planning the quarter');
    expect(oddPage.body).toContain('<title>2024-05-04 · Work/&#60;b&#62;&#38; &#34;log&#34; · Journal</title>');
    // Any case finds the journal; its links then use its own name.
    const lower = await get('/journal/dreams/day/2024-05-01');
    expect(lower.body).toContain('Flying');
    expect(lower.body).toContain('href="/journal/Dreams/day/2024-04-30"');
    // An owner with one journal sees no switcher.
    const single = await signIn(web, SINGLE_OWNER);
    const theirs = await get('/day/2024-05-01', { cookie: single });
    expect(theirs.body).toContain('Only the main journal here');
    expect(theirs.body).not.toContain('aria-label="Journals"');
  });

  it('answers an unknown journal with 404 naming the journals there are, and a malformed name with 400', async () => {
    const unknown = await get('/journal/Nightmares/day/2024-05-01');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('No journal is named “Nightmares”. Your journals: “Main”, “Dreams”');
    expect(unknown.body).not.toContain('Flying');
    const script = await get(`/journal/${encodeURIComponent('<script>x</script>')}/`);
    expect(script.status).toBe(404);
    expect(script.body).toContain('“&#60;script&#62;x&#60;/script&#62;”');
    for (const path of ['/journal/%E0%A4%A/', '/journal//', '/journal/a%0Ab/', `/journal/${'x'.repeat(129)}/`]) {
      const bad = await get(path);
      expect(bad.status, path).toBe(400);
      expect(bad.body).toContain('Not a journal');
    }
    expect((await get('/journal/Dreams/nowhere')).status).toBe(404);
    // Without a session, nothing of any journal.
    const anonymous = await get('/journal/Dreams/day/2024-05-01', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain('Flying');
  });

  it('reads one journal in the Mini App too (signed initData)', async () => {
    const initData = sign({ user: { id: OWNER_ID, first_name: 'Tomás' } }, TEST_TOKEN, new Date());
    const day = await get('/journal/Dreams/day/2024-05-01', { authorization: `tma ${initData}` });
    expect(day.status).toBe(200);
    expect(day.body).toContain('Flying');
    expect(day.body).not.toContain('Coffee');
    expect(day.body).toContain('action="/journal/Dreams/search"');
    const search = await get('/journal/Dreams/search?q=walk', { authorization: `tma ${initData}` });
    expect(search.body).toContain('1 entry, 1–1 shown');
  });
});
