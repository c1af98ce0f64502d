// The web view over HTTP: the entry page shows the writing prompt an entry answered (read through getEntry), escaped;
// the calendar colours days by mood with a legend when asked (/?by=mood), by entries otherwise; a day's page and its
// entries' pages show the day's mood; a tag's page lists newest first, or oldest first when asked (?order=oldest).
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setEntryPrompt } from '../../src/journal/prompts/prompt-store.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { serveWebDemo, type WebDemoServer } from '../helpers/web-demo.ts';

describeStores('web prompts and moods', () => {
  let temp: TempDb;
  let web: WebDemoServer;
  let answered: number;
  let plain: number;

  beforeAll(async () => {
    temp = await createTempDb();
    await seedEntries(temp.db, OWNER_ID, [
      ['2024-04-02T10:00:00Z', 'Tea and a book'],
      ['2024-04-02T11:00:00Z', 'Just a note'],
    ]);
    const ids = (await temp.db.selectFrom('entry').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    [answered, plain] = ids as [number, number];
    await setEntryPrompt(temp.db, { id: answered, ownerId: OWNER_ID }, 'What did you do for <yourself> today?');
    await setMood(temp.db, OWNER_ID, '2024-04-02', 5, new Date());
    await setMood(temp.db, OWNER_ID, '2024-04-03', 2, new Date());
    web = await serveWebDemo(temp.db, { TELEGRAM_BOT_TOKEN: TEST_TOKEN, ALLOWED_USER_IDS: String(OWNER_ID) });
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  const get = async (path: string) => {
    const res = await fetch(`${web.url}${path}`, {
      headers: {
        authorization: `tma ${sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, TEST_TOKEN, new Date())}`,
      },
    });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('shows the prompt above the entry it answered, and nothing on other entries', async () => {
    expect(await get(`/entry/${answered}`)).toContain(
      '<p class="prompt">Answering: <q>What did you do for &#60;yourself&#62; today?</q></p>',
    );
    expect(await get(`/entry/${plain}`)).not.toContain('class="prompt"');
  });

  it('colours the calendar by mood with a legend when asked, by entries otherwise', async () => {
    const byMood = await get('/?year=2024&by=mood');
    expect(byMood).toContain('class="m5" href="/day/2024-04-02"');
    // A day with a mood and no entry is coloured too (not a link).
    expect(byMood).toMatch(/<span class="m2" title="Wednesday, 3 April 2024: 0 entries, mood 2 of 5">3<\/span>/);
    expect(byMood).toContain('a mood on 2 days, 3.5 on average');
    expect(byMood).toContain('Mood 1 <span class="m1">');
    const byEntries = await get('/?year=2024');
    expect(byEntries).not.toContain('class="m5"');
    expect(byEntries).toContain('<a href="/?year=2024&amp;by=mood">mood</a>');
  });
});

describeStores('web moods on pages, and list order', () => {
  let temp: TempDb;
  let web: WebDemoServer;
  let plain: number;

  beforeAll(async () => {
    temp = await createTempDb();
    await seedEntries(temp.db, OWNER_ID, [
      ['2024-04-02T11:00:00Z', 'Just a note'],
      ['2024-04-04T09:00:00Z', 'First #tea'],
      ['2024-04-05T09:00:00Z', 'Second #tea'],
      ['2024-04-06T09:00:00Z', 'Third #tea'],
    ]);
    plain = Number((await temp.db.selectFrom('entry').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    await setMood(temp.db, OWNER_ID, '2024-04-02', 4, new Date());
    web = await serveWebDemo(temp.db, { TELEGRAM_BOT_TOKEN: TEST_TOKEN, ALLOWED_USER_IDS: String(OWNER_ID) });
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  const get = async (path: string) => {
    const res = await fetch(`${web.url}${path}`, {
      headers: {
        authorization: `tma ${sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, TEST_TOKEN, new Date())}`,
      },
    });
    expect(res.status).toBe(200);
    return res.text();
  };
  const texts = (page: string) => [...page.matchAll(/<div class="content md"><p>([^<]*)/g)].map((m) => m[1]);

  it("shows the day's mood on its page (with buttons to change it) and on its entries' pages", async () => {
    const day = await get('/day/2024-04-02');
    expect(day).toContain('<p class="mood-now">🙂 4 of 5</p>');
    expect(day).toContain('aria-label="Mood 4 of 5" aria-pressed="true"');
    expect(await get(`/entry/${plain}`)).toContain('Mood of the day: <a href="/day/2024-04-02#mood">🙂 4 of 5</a>');
    expect(await get('/day/2024-04-04')).toContain('<p class="mood-now">No mood set for this day.</p>');
  });

  it("lists a tag's entries newest first, oldest first with ?order=oldest, and links the other order", async () => {
    const newest = await get('/tags/tea');
    expect(texts(newest)).toEqual(['Third #tea', 'Second #tea', 'First #tea']);
    expect(newest).toContain('<strong>Newest first</strong> · <a href="/tags/tea?offset=0&#38;order=oldest">');
    const oldest = await get('/tags/tea?order=oldest');
    expect(texts(oldest)).toEqual(['First #tea', 'Second #tea', 'Third #tea']);
    const search = await get('/search?q=tea&order=oldest');
    expect(texts(search).length).toBe(0); // a search lists excerpts, not the formatted text
    expect(search).toContain('<strong>Oldest first</strong>');
    expect(search.indexOf('First')).toBeLessThan(search.indexOf('Third'));
  });
});
