// The web view's entry page shows the writing prompt an entry answered (read through getEntry), escaped, over HTTP.
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setEntryPrompt } from '../../src/journal/prompt-store.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { serveWebDemo, type WebDemoServer } from '../helpers/web-demo.ts';

describeStores('web entry prompt', () => {
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
    web = await serveWebDemo(temp.db, { TELEGRAM_BOT_TOKEN: TEST_TOKEN, ALLOWED_USER_IDS: String(OWNER_ID) });
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  const page = async (id: number) => {
    const res = await fetch(`${web.url}/entry/${id}`, { headers: { authorization: `tma ${sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, TEST_TOKEN, new Date())}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('shows the prompt above the entry it answered, and nothing on other entries', async () => {
    expect(await page(answered)).toContain('<p class="prompt">Answering: <q>What did you do for &#60;yourself&#62; today?</q></p>');
    expect(await page(plain)).not.toContain('class="prompt"');
  });
});
