// A search's pages are ranked from bounded candidates (db/search/search-window.ts): every match of its rare words, and its
// 1,000 newest matches, best first by the store's BM25; the other matches follow, best first. Checked against a brute
// force over every match's score on every store, with more matches of a common word than the window holds.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildGeneratedJournal } from '../../../src/demo/demo-journal.ts';
import { SEARCH_WINDOW } from '../../../src/db/search/search-window.ts';
import { findEntriesPage } from '../../../src/journal/views/entry-pages.ts';
import { parseSearch } from '../../../src/journal/search/search-syntax.ts';
import { seedEntries } from '../../helpers/seed-entries.ts';
import { describeStores } from '../../helpers/stores.ts';
import { createTempDb, type TempDb } from '../../helpers/temp-db.ts';

const OWNER = 5;
/** A word of the generated journal in most of its entries (more than the window). */
const common = 'day';

describeStores('search pages from bounded candidates', () => {
  let temp: TempDb;
  beforeAll(async () => {
    temp = await createTempDb();
    // An old entry holding a rare word, written before the generated journal.
    await seedEntries(temp.db, OWNER, [['2019-06-01T08:00:00Z', 'A zeppelin over the lake on our walk']]);
    await buildGeneratedJournal(temp.db, { ownerId: OWNER, entries: 3_000, from: '2020-01-01' });
  }, 300_000);
  afterAll(() => temp.cleanup());

  /** Every match's score, in the rule's order: candidates (the newest SEARCH_WINDOW matches) first, then the rest. */
  async function bruteForce(query: string): Promise<number[]> {
    const scores = temp.db.store.searchScores([parseSearch(query)]).as('s');
    const all = await temp.db
      .selectFrom('entry')
      .innerJoin(scores, (j) => j.onRef('s.id', '=', 'entry.id'))
      .select(['entry.id', 's.score', 'written_at'])
      .execute();
    const newest = new Set(
      all
        .map((r) => Number(r.id))
        .sort((a, b) => b - a)
        .slice(0, SEARCH_WINDOW),
    );
    const key = (r: (typeof all)[number]) => (newest.has(Number(r.id)) ? 1 : 0);
    return all
      .sort(
        (a, b) =>
          key(b) - key(a) ||
          Number(b.score) - Number(a.score) ||
          (a.written_at < b.written_at ? 1 : a.written_at > b.written_at ? -1 : 0) ||
          Number(b.id) - Number(a.id),
      )
      .map((r) => Number(r.id));
  }

  it('ranks a common word among its newest matches first, then every other match, each once', async () => {
    const expected = await bruteForce(common);
    expect(expected.length).toBeGreaterThan(SEARCH_WINDOW);
    const first = await findEntriesPage(temp.db, OWNER, { search: [common] }, { limit: 20, offset: 0 });
    expect(first.map((e) => e.id)).toEqual(expected.slice(0, 20));
    // A page across the window's end, and one past it.
    const across = await findEntriesPage(
      temp.db,
      OWNER,
      { search: [common] },
      { limit: 30, offset: SEARCH_WINDOW - 10 },
    );
    expect(across.map((e) => e.id)).toEqual(expected.slice(SEARCH_WINDOW - 10, SEARCH_WINDOW + 20));
  });

  it('puts an old entry with a rare word of the query first, however many newer entries hold the common one', async () => {
    const page = await findEntriesPage(temp.db, OWNER, { search: [`${common} zeppelin`] }, { limit: 5, offset: 0 });
    expect(page[0]!.content).toBe('A zeppelin over the lake on our walk');
  });
});
