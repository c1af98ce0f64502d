// An entry's text changed from outside the app (sqlite3, psql, a script) leaves the words search indexes stale: the
// trigger of migrations/2026_12_05_000200_search_text_stale marks them null, and the app indexes them again when it
// opens the journal, so the entry is found by its new words and no longer by its old ones, on every store. The app's
// own edits keep their words at once, also when the words come out the same.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { applyEdit } from '../../../src/journal/entries/entry-store.ts';
import { findEntriesPage } from '../../../src/journal/views/entry-pages.ts';
import { seedEntries } from '../../helpers/seed-entries.ts';
import { describeStores } from '../../helpers/stores.ts';
import { createTempDb, type TempDb } from '../../helpers/temp-db.ts';

const OWNER = 21;

describeStores('search words after a write from outside the app', () => {
  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
    await seedEntries(temp.db, OWNER, [
      ['2024-05-01T08:00:00Z', 'Coffee at the corner café'],
      ['2024-05-02T08:00:00Z', 'Tea at home'],
    ]);
  });
  afterEach(() => temp.cleanup());

  const found = async (query: string) =>
    (await findEntriesPage(temp.db, OWNER, { search: [query] }, { limit: 10, offset: 0 })).map((e) => e.content);
  const words = async () =>
    (await sql<{ search_text: string | null }>`SELECT search_text FROM entry ORDER BY id`.execute(temp.db)).rows.map(
      (r) => r.search_text,
    );

  it('a raw UPDATE of the text is found by its new words once the app opens the journal again', async () => {
    await sql`UPDATE entry SET content = 'We walked along the rivers', title = 'We walked along the rivers'
      WHERE content LIKE 'Coffee%'`.execute(temp.db);
    // Marked, not stale: the old words are gone from the index at once.
    expect((await words())[0]).toBeNull();
    expect(await found('coffee')).toEqual([]);
    await temp.reopen();
    expect((await words())[0]).toContain('we walk along the river');
    expect(await found('walking river')).toEqual(['We walked along the rivers']);
    expect(await found('coffee')).toEqual([]);
  });

  it('a raw INSERT without words is found after the app opens the journal again', async () => {
    await sql`INSERT INTO entry (owner_id, source, chat_id, message_id, written_at, local_day, local_time, title, content, created_at)
      VALUES (${OWNER}, 'live', 1, 77, '2024-05-03T08:00:00.000Z', '2024-05-03', '08:00', 'Swimming', 'Swimming in the lake',
        '2024-05-03T08:00:00.000Z')`.execute(temp.db);
    await temp.reopen();
    expect(await found('swim lakes')).toEqual(['Swimming in the lake']);
  });

  it("keeps the words of the app's own edits, also an edit that leaves the same words", async () => {
    const draft = (text: string) => ({
      ownerId: OWNER,
      source: 'live' as const,
      chatId: OWNER,
      messageId: 1_000_000_001,
      writtenAt: new Date('2024-05-01T08:00:00Z'),
      text,
    });
    const { rows } = await sql<{ message_id: number }>`SELECT message_id FROM entry ORDER BY id LIMIT 1`.execute(
      temp.db,
    );
    const edit = (text: string) =>
      applyEdit(temp.db, { ...draft(text), messageId: Number(rows[0]!.message_id) }, new Date(), {
        timeZone: 'UTC',
        now: new Date(),
      });
    expect(await edit('Coffee at the corner café!')).toBe('revised');
    expect((await words())[0]).toContain('coffe at the corner cafe');
    expect(await found('coffee')).toEqual(['Coffee at the corner café!']);
    expect(await edit('Walking by the river')).toBe('revised');
    expect(await found('river')).toEqual(['Walking by the river']);
  });
});
