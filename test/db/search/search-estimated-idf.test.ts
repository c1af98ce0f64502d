// A search with a common phrase (in more entries than the window) scores its candidates with that phrase's entry
// count estimated, not counted (db/search/search-window.ts): counting every match was what grew with the journal.
// Held here: given the exact counts, each store's candidates carry its exact BM25 to the last digit (on SQLite a
// formula outside bm25(), from FTS5's own records), and the estimate lands near the true count.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { estimatedHits, searchCandidates } from '../../../src/db/search/search-window.ts';
import { planPhrases, searchPlan, type MatchNode } from '../../../src/db/search/search-plan.ts';
import { parseSearch } from '../../../src/journal/search/search-syntax.ts';
import { seedEntries } from '../../helpers/seed-entries.ts';
import { describeStores } from '../../helpers/stores.ts';
import { createTempDb, type TempDb } from '../../helpers/temp-db.ts';

const OWNER = 11;

const TEXTS = [
  'Coffee with Ana by the river bank',
  'Rainy morning walk along the lake, then coffee',
  'Café au lait in Zürich; the bank was closed',
  'river-bank picnic with ÉLODIE, walking walking walking',
  'Прогулка у реки, дождь',
  'walked to the river bank and back: a long walk',
  'Nothing to do with any of it',
  'Don’t forget: naïve coöperation & rainbows by the river',
];

describeStores('candidates scored with given phrase counts', () => {
  let temp: TempDb;
  beforeAll(async () => {
    temp = await createTempDb();
    await seedEntries(
      temp.db,
      OWNER,
      Array.from({ length: 40 }, (_, i) => [
        `2024-04-${String(1 + (i % 28)).padStart(2, '0')}T0${i % 10}:00:00Z`,
        TEXTS[i % TEXTS.length]!,
      ]),
    );
    // A place in the metadata: words of the second indexed column (search_more).
    await sql`UPDATE entry SET metadata = ${JSON.stringify({ place: { name: 'River Café', locality: 'Zürich' } })}
      WHERE id IN (SELECT id FROM entry ORDER BY id LIMIT 5)`.execute(temp.db);
  });
  afterAll(() => temp.cleanup());

  const ALL = 1_000_000;
  const exactCounts = async (plan: MatchNode) => {
    const queries = temp.db.store.searchWindow(temp.db);
    return Promise.all(planPhrases(plan).map(async (phrase) => (await queries.spread({ phrase }, ALL)).n));
  };

  for (const query of ['coffee river', '"river bank" walk*', 'walking -coffee', 'zurich cafe bank', '+river lake']) {
    it(`given exact counts, the candidates carry the store's own BM25: ${query}`, async () => {
      const searches = [parseSearch(query)];
      const plan = searchPlan(searches);
      const exact = await temp.db
        .selectFrom(temp.db.store.searchScores(searches).as('s'))
        .select(['s.id', 's.score'])
        .execute();
      expect(exact.length).toBeGreaterThan(0);
      const given = await temp.db.store
        .searchWindow(temp.db)
        .scoredCandidates(plan, null, ALL, await exactCounts(plan));
      expect(given.newest.length).toBe(exact.length);
      const byId = new Map(given.newest.map((s) => [Number(s.id), s.score]));
      for (const r of exact) expect(byId.get(Number(r.id)), `entry ${r.id}`).toBeCloseTo(Number(r.score), 5);
    });
  }

  it('a phrase past the window is scored from its estimate; its newest matches are candidates', async () => {
    const searches = [parseSearch('walk coffee')];
    const plan = searchPlan(searches);
    const queries = temp.db.store.searchWindow(temp.db);
    const window = 5; // "walk" and "coffee" are in more entries than this
    const found = await searchCandidates(plan, queries, window);
    expect(found.complete).toBe(false);
    const ids = found.scored.map((s) => s.id);
    const newest = (await queries.scoredCandidates(plan, null, window)).newest.map((s) => Number(s.id));
    expect(newest).toHaveLength(window);
    expect(ids).toEqual(expect.arrayContaining(newest));
    // Scored with the estimate, not the exact counts: the same rows, every score positive.
    const exact = await queries.scoredCandidates(plan, null, window, await exactCounts(plan));
    expect(found.scored.every((s) => s.score > 0)).toBe(true);
    expect(exact.newest.map((s) => Number(s.id)).sort()).toEqual([...ids].sort());
  });

  it('an old entry with a rare word is a candidate beside the newest matches of a common one', async () => {
    const plan = searchPlan([parseSearch('walk elodie')]);
    const queries = temp.db.store.searchWindow(temp.db);
    const found = await searchCandidates(plan, queries, 6); // "walk" in 15 entries, "elodie" in 5
    const elodie = (await queries.scoredCandidates(searchPlan([parseSearch('elodie')]), null, ALL)).newest;
    expect(elodie.length).toBeGreaterThan(1);
    expect(found.scored.map((s) => s.id)).toEqual(expect.arrayContaining(elodie.map((s) => Number(s.id))));
  });
});

it('estimates a common phrase from the density of its newest matches', () => {
  // Every third of 1,000,000 dense ids: the 1,001 newest span the newest 3,003.
  expect(estimatedHits(1_001, 1_000_000 - 3_002, { rows: 1_000_000, maxId: 1_000_000 })).toBe(333_333);
  // Never fewer than were read, never more than the rows.
  expect(estimatedHits(1_001, 999_500, { rows: 1_000_000, maxId: 1_000_000 })).toBe(1_000_000);
  expect(estimatedHits(1_001, 1, { rows: 5_000, maxId: 1_000_000 })).toBe(1_001);
});
