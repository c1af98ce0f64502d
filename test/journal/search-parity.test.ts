// Search parity: the documented syntax (any of the words, "phrases", OR, -exclude, prefix*) gives the same entries on
// every store, checked against answers written down here (not only against each other), on one set of fixtures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsOf, foldWord } from '../../src/db/search/search-text.ts';
import { findViewEntries, countEntries, countDays } from '../../src/journal/views/entry-queries.ts';
import { findEntriesPage } from '../../src/journal/views/entry-pages.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 7_000_000_001; // above 2^31, as Telegram ids are

/** [written at, text]: entry n (1-based) is the n-th line. */
const FIXTURES = [
  ['2024-04-01T08:00:00Z', 'Coffee with Ana by the river bank'], // 1
  ['2024-04-01T18:00:00Z', 'Tea at home, rain all day'], // 2
  ['2024-04-02T07:30:00Z', 'Rainy morning walk along the lake'], // 3
  ['2024-04-03T12:00:00Z', 'Café au lait in Zürich; the bank was closed'], // 4
  ['2024-04-04T09:00:00Z', 'My e-mail to the bank: account 12345 closed'], // 5
  ['2024-04-05T21:00:00Z', 'Прогулка у реки, ДОЖДЬ'], // 6
  ['2024-04-06T10:00:00Z', 'river-bank picnic 🌧️ with ÉLODIE'], // 7
  ['2024-04-07T10:00:00Z', 'bank river, not the other way'], // 8
  ['2024-04-08T10:00:00Z', "Don't forget: naïve coöperation & rainbows"], // 9
  ['2024-04-09T10:00:00Z', 'version 1.5 of walk_tracker released'], // 10
  ['2024-04-10T10:00:00Z', 'Søren in İstanbul, Straße'], // 11: letters NFD does not split (ø, ß) stay themselves
] as const;

/** query → the entry numbers it finds, as SQLite's FTS5 answers over search_text (db/search/search-text.ts). */
const EXPECTED: [string, number[]][] = [
  ['coffee', [1]],
  ['COFFEE', [1]],
  ['cafe', [4]],
  ['café', [4]],
  ['zurich', [4]],
  ['bank', [1, 4, 5, 7, 8]],
  ['"river bank"', [1, 7]],
  ['"bank river"', [8]],
  ['river-bank', [1, 7]],
  ['rain', [2]],
  ['rain*', [2, 3, 9]],
  ['rain OR lake', [2, 3]],
  ['walk rain*', [2, 3, 9, 10]], // any of the words
  ['bank -closed', [1, 7, 8]],
  ['bank -"river bank"', [4, 5, 8]],
  ['e-mail', [5]],
  ['mail', [5]],
  ['12345', [5]],
  ['123*', [5]],
  ['дождь', [6]],
  ['реки', [6]],
  ['прог*', [6]],
  ['elodie', [7]],
  ['naive', [9]],
  ['cooperation', [9]],
  ["don't", [9]],
  ['don', [9]],
  ['1', [10]],
  ['"1 5"', [10]],
  ['walk', [3, 10]], // walk_tracker is two words
  ['tracker', [10]],
  ['walk_tracker', [10]],
  ['coffee OR tea rain', [1, 2]],
  ['"the other way"', [8]],
  ['nothing', []],
  ['søren', [11]],
  ['soren', []],
  ['istanbul', [11]],
  ['straße', [11]],
  ['strasse', [11]], // German stemming writes ß as ss
];

describe('the words of a text', () => {
  it('are split, lower-cased and folded as both stores index them', () => {
    expect(wordsOf("Café-au-lait, DON'T ÉLODIE 12,5").map(foldWord)).toEqual([
      'cafe',
      'au',
      'lait',
      'don',
      't',
      'elodie',
      '12',
      '5',
    ]);
  });

  it('cut a run of letters every 256: a 5 MB "word" neither overflows the regexp stack nor outgrows a store', () => {
    expect(wordsOf('a'.repeat(300)).map((w) => w.length)).toEqual([256, 44]);
    const huge = wordsOf(`warm ${'x'.repeat(5_000_000)}`);
    expect(huge).toHaveLength(1 + Math.ceil(5_000_000 / 256));
    expect(huge.join('').length).toBe(5_000_004);
  });
});

describeStores('search', (store) => {
  let temp: TempDb;
  beforeAll(async () => {
    temp = await createTempDb(store);
    await seedEntries(temp.db, OWNER, FIXTURES);
  });
  afterAll(() => temp.cleanup());

  // Ids follow insertion order on a fresh database: entry n is fixture line n.
  it.each(EXPECTED)('%s finds the same entries', async (query, expected) => {
    const found = await findViewEntries(temp.db, OWNER, { search: [query] });
    expect(found.map((e) => e.id)).toEqual(expected);
    expect(await countEntries(temp.db, OWNER, { search: [query] })).toBe(expected.length);
  });

  it('a view with two searches, a date range, pages and day counts answers alike', async () => {
    const view = { search: ['bank', 'river OR closed'], from: '2024-04-01', to: '2024-04-07' };
    expect((await findViewEntries(temp.db, OWNER, view)).map((e) => e.id)).toEqual([1, 4, 5, 7, 8]);
    // The page path probes the date index row by row first.
    expect(
      (await findEntriesPage(temp.db, OWNER, view, { limit: 2, offset: 1, order: 'oldest' })).map((e) => e.id),
    ).toEqual([4, 5]);
    expect(await countDays(temp.db, OWNER, view)).toBe(5);
  });
});
