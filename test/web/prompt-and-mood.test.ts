// The web view over HTTP: the entry page shows the writing prompt an entry answered (read through getEntry), escaped;
// the calendar colours days by mood with a legend when asked (/?by=mood), by entries otherwise.
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
