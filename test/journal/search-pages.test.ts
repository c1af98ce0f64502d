// A search view's pages by date (order: 'oldest') are the same whichever way SQLite reaches them: probing a short walk of the date index
// (a common word) or listing every match (a rare word, or a page far in).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedJournal } from '../../src/demo/demo-journal.ts';
import { findEntriesForDay } from '../../src/journal/views/entry-queries.ts';
import { findEntriesPage } from '../../src/journal/views/entry-pages.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { combinedFtsQuery } from '../../src/db/sqlite/sqlite-store.ts';
import { parseSearch } from '../../src/journal/search/search-syntax.ts';

const OWNER = 7;
let temp: TempDb;
beforeAll(async () => {
  temp = await createTempDb();
  await buildGeneratedJournal(temp.db, { ownerId: OWNER, entries: 3_000, from: '2020-01-01' });
  await buildGeneratedJournal(temp.db, { ownerId: OWNER + 1, entries: 500, from: '2020-01-01', seed: 9 }); // another owner's rows never show
});
afterAll(() => temp.cleanup());

/** The brute force: every entry of the owner in page order, kept when FTS5 lists it as a match. */
async function bruteForce(word: string, from = '0000', to = '9999') {
  const matches = new Set(
    (
      await sql<{
        rowid: number;
      }>`SELECT rowid FROM entry_fts WHERE entry_fts MATCH ${combinedFtsQuery([parseSearch(word)])}`.execute(temp.db)
    ).rows.map((r) => r.rowid),
  );
  const all = await temp.db
    .selectFrom('entry')
    .select(['id', 'local_day as date', 'local_time as time', 'title', 'content'])
    .where('owner_id', '=', OWNER)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to)
    .orderBy('local_day')
    .orderBy('written_at')
    .orderBy('id')
    .execute();
  return all.filter((e) => matches.has(e.id));
}

async function wordsByFrequency() {
  const { rows } = await sql<{
    term: string;
    doc: number;
  }>`SELECT term, doc FROM entry_fts_v ORDER BY doc DESC`.execute(temp.db);
  return rows;
}

describe('search view pages', () => {
  beforeAll(async () => {
    await sql`CREATE VIRTUAL TABLE temp.entry_fts_v USING fts5vocab(main, entry_fts, row)`.execute(temp.db);
  });

  it('match a brute-force filter for common and rare words, first pages and pages far in', async () => {
    const terms = await wordsByFrequency();
    const common = terms[0]!.term;
    const rare = terms.find((t) => t.doc > 0 && t.doc < 30 && /^[a-z]+$/.test(t.term))!.term;
    // Both ways are taken: the common word fills a first page early in the date order, the rare one cannot.
    const order = (
      await temp.db
        .selectFrom('entry')
        .select('id')
        .where('owner_id', '=', OWNER)
        .orderBy('local_day')
        .orderBy('written_at')
        .orderBy('id')
        .execute()
    ).map((e) => e.id);
    expect(order.indexOf((await bruteForce(common))[19]!.id)).toBeLessThan(500);
    expect((await bruteForce(rare)).length).toBeLessThan(30);
    for (const word of [common, rare]) {
      const expected = await bruteForce(word);
      for (const [limit, offset] of [
        [20, 0],
        [20, 40],
        [5, expected.length - 3],
        [100, 600],
      ] as const) {
        const page = await findEntriesPage(
          temp.db,
          OWNER,
          { search: [word] },
          { limit, offset: Math.max(0, offset), order: 'oldest' },
        );
        expect(page, `${word} limit ${limit} offset ${offset}`).toEqual(
          expected.slice(Math.max(0, offset), Math.max(0, offset) + limit),
        );
      }
    }
  });

  it('keep to the date range of the view', async () => {
    const word = (await wordsByFrequency())[0]!.term;
    const expected = await bruteForce(word, '2020-06-01', '2020-06-30');
    expect(
      await findEntriesPage(
        temp.db,
        OWNER,
        { from: '2020-06-01', to: '2020-06-30', search: [word] },
        { limit: 100, offset: 0, order: 'oldest' },
      ),
    ).toEqual(expected.slice(0, 100));
  });

  it("a day's entries of a search view are that day's matches", async () => {
    const word = (await wordsByFrequency())[0]!.term;
    const day = (await bruteForce(word))[10]!.date;
    const expected = (await bruteForce(word, day, day)).map(({ date: _, ...e }) => e);
    expect(expected.length).toBeGreaterThan(0);
    expect(await findEntriesForDay(temp.db, OWNER, { search: [word] }, day)).toEqual(expected);
  });
});
