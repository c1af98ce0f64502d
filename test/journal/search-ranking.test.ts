// Search that finds (issue 47): any of the query's words, best matches first by BM25 (rarer and more words higher,
// the newer entry among equals), every word form in eight languages, Chinese and Japanese words, and the same ids in
// the same order on every store (SQLite's FTS5 bm25() and PostgreSQL's computation of its formula).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findEntriesPage } from '../../src/journal/views/entry-pages.ts';
import { countEntries } from '../../src/journal/views/entry-queries.ts';
import type { JournalView } from '../../src/journal/views/journal-view.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 7_000_000_047;

/** [written at, text]: entry n (1-based) is the n-th line. */
const CORPUS = [
  ['2024-05-01T08:00:00Z', 'Coffee with Ana at the corner cafe. The coffee was bitter.'], // 1
  ['2024-05-02T08:00:00Z', 'Coffee again, and a long day at work.'], // 2
  ['2024-05-03T18:00:00Z', 'Caroline said the river walk was the best part of her week.'], // 3
  ['2024-05-04T18:00:00Z', 'Went for a walk in the park after dinner.'], // 4
  ['2024-05-05T09:00:00Z', 'The river was high after the rain.'], // 5
  ['2024-05-06T09:00:00Z', 'Coffee and a walk. Nothing else happened.'], // 6
  ['2024-05-07T09:00:00Z', 'Booked the trip to Zanzibar with coffee in hand.'], // 7
  ['2024-05-08T09:00:00Z', 'Walking along the rivers of the old town with Marek.'], // 8
  ['2024-05-09T09:00:00Z', 'Мы гуляли по набережной весь вечер.'], // 9
  ['2024-05-10T09:00:00Z', 'Ayer caminamos por la playa con mi hermana.'], // 10
  ['2024-05-11T09:00:00Z', 'Nous avons marché longtemps au bord de la rivière.'], // 11
  ['2024-05-12T09:00:00Z', 'Ontem caminhamos pelas praias do norte com os amigos.'], // 12
  ['2024-05-13T09:00:00Z', 'Oggi abbiamo camminato lungo il fiume con i bambini.'], // 13
  ['2024-05-14T09:00:00Z', 'Heute sind wir lange am Fluss entlang gewandert, die Kinder waren müde.'], // 14
  ['2024-05-15T09:00:00Z', 'Vandaag hebben we gefietst langs de rivieren en gezwommen.'], // 15
  ['2024-05-16T09:00:00Z', '今天在河边散步，天气很好。'], // 16
  ['2024-05-17T09:00:00Z', '今日は川沿いを散歩した。とても楽しかった。'], // 17
  ['2024-05-18T09:00:00Z', 'Went for a walk in the park after dinner.'], // 18: 4 again, written later
] as const;

const ids = async (temp: TempDb, view: JournalView, limit = 20, offset = 0) =>
  (await findEntriesPage(temp.db, OWNER, view, { limit, offset })).map((e) => e.id);

describeStores('search ranking', () => {
  let temp: TempDb;
  beforeAll(async () => {
    temp = await createTempDb();
    await seedEntries(temp.db, OWNER, CORPUS);
  });
  afterAll(() => temp.cleanup());

  it('a whole question finds the entry that answers it first', async () => {
    const found = await ids(temp, { search: ['What did Caroline say about the river walk?'] });
    expect(found[0]).toBe(3);
    // Any word finds an entry: every entry with river, walk, say or caroline in some form is listed.
    expect(found).toEqual(expect.arrayContaining([3, 4, 5, 6, 8, 18]));
  });

  it('ranks an entry with a rarer word above one with a common word, and more words above fewer', async () => {
    // zanzibar is in one entry, coffee in four: 7 holds both, then the rare word alone would win over coffee alone.
    const found = await ids(temp, { search: ['coffee zanzibar'] });
    expect(found[0]).toBe(7);
    expect(found.slice(1).sort()).toEqual([1, 2, 6]);
    // 1 says coffee twice in a short entry: it leads the entries with coffee alone.
    expect(found[1]).toBe(1);
  });

  it('breaks a tie by recency: the same words score the same, the newer entry first', async () => {
    const found = await ids(temp, { search: ['park dinner'] });
    expect(found).toEqual([18, 4]);
  });

  it('finds other forms of a word: rivers, walking', async () => {
    expect(await ids(temp, { search: ['rivers walking'] })).toEqual(expect.arrayContaining([8, 3, 5]));
    expect((await ids(temp, { search: ['rivers walking'] }))[0]).toBe(8);
  });

  it.each([
    ['en', 'walked river', 8],
    ['ru', 'набережная гулять', 9],
    ['es', 'caminar playas', 10],
    ['fr', 'marcher rivières', 11],
    ['pt', 'caminhar praia', 12],
    ['it', 'camminare fiumi', 13],
    ['de', 'wandern Flüsse', 14],
    ['nl', 'fietsen rivier', 15],
  ])('%s: a two-word query in other forms puts the entry first (%s)', async (_language, query, entry) => {
    expect((await ids(temp, { search: [query] }))[0]).toBe(entry);
  });

  it('finds a word of a Chinese or a Japanese entry', async () => {
    // 散步 (Chinese) and 散歩 (Japanese) are different characters: each finds its own entry.
    expect(await ids(temp, { search: ['散步'] })).toEqual([16]);
    expect(await ids(temp, { search: ['散歩'] })).toEqual([17]);
    expect(await ids(temp, { search: ['河边'] })).toEqual([16]);
    expect(await ids(temp, { search: ['川沿い'] })).toEqual([17]);
  });

  it('takes a question typed in Chinese or Japanese, or with its punctuation standing alone, as a query', async () => {
    // One token at spaces, but as many words as the index cuts it into: not a phrase of all of them in a row.
    expect((await ids(temp, { search: ['我们什么时候在河边散步？'] }))[0]).toBe(16);
    expect((await ids(temp, { search: ['いつ川沿いを散歩しましたか？'] }))[0]).toBe(17);
    // French puts a space before "?": the lone mark is passed over, not refused.
    expect((await ids(temp, { search: ['Où avons-nous marché au bord de la rivière ?'] }))[0]).toBe(11);
  });

  it('keeps the syntax: +word requires, -word excludes, phrases, prefixes, OR', async () => {
    expect(await ids(temp, { search: ['+coffee walk'] })).toEqual([6, 1, 2, 7]);
    expect(await ids(temp, { search: ['coffee -walk'] })).toEqual([1, 2, 7]);
    expect(await ids(temp, { search: ['"river walk"'] })).toEqual([3]);
    expect(await ids(temp, { search: ['zanz*'] })).toEqual([7]);
    expect(await ids(temp, { search: ['zanzibar OR marek'] })).toEqual(expect.arrayContaining([7, 8]));
    expect(await countEntries(temp.db, OWNER, { search: ['zanzibar OR marek'] })).toBe(2);
  });

  it('passes over stop words, but a query of stop words alone still searches them', async () => {
    expect(await ids(temp, { search: ['the zanzibar'] })).toEqual([7]);
    const onlyStopWords = await ids(temp, { search: ['the of'] });
    expect(onlyStopWords.length).toBeGreaterThan(3);
  });

  // Written down from SQLite's FTS5 bm25(): every store must give these ids in this order.
  it.each([
    ['walk river', [8, 3, 5, 6, 18, 4]],
    ['What did Caroline say about the river walk?', [3, 8, 5, 6, 18, 4]],
    ['walking rivers coffee ana', [1, 8, 6, 3, 5, 2, 7, 18, 4]],
    ['rivière fiume river rivier', [15, 11, 13, 5, 8, 3]],
    ['caminar caminhar camminare', [10, 13, 12]],
    ['the a of', [8, 3, 18, 4, 6, 2, 5, 1, 7]],
    ['"the river"', [5, 8, 3]],
    ['walk* riv*', [8, 3, 6, 5, 18, 15, 11, 4]],
    ['+walk coffee -park', [6, 8, 3]],
    ['散步 川沿い', [17, 16]], // 川沿い is two index words, each a term: 17 matches both
    ['coffee OR walk OR river OR park', [18, 4, 8, 6, 3, 5, 1, 2, 7]],
  ])('gives the same ids in the same order on every store: %s', async (query, expected) => {
    expect(await ids(temp, { search: [query] }, 50)).toEqual(expected);
  });

  it('pages best first, and sorts by date when asked', async () => {
    const all = await ids(temp, { search: ['coffee walk river'] }, 100);
    expect(await ids(temp, { search: ['coffee walk river'] }, 3, 2)).toEqual(all.slice(2, 5));
    const newest = await findEntriesPage(
      temp.db,
      OWNER,
      { search: ['coffee walk river'] },
      { limit: 100, offset: 0, order: 'newest' },
    );
    expect(newest.map((e) => e.date)).toEqual(
      newest
        .map((e) => e.date)
        .sort()
        .reverse(),
    );
    expect(newest.map((e) => e.id).sort()).toEqual([...all].sort());
    // Narrowed by dates, a search view keeps its ranking.
    const narrowed = await ids(temp, { search: ['coffee walk river'], from: '2024-05-01', to: '2024-05-08' });
    expect(narrowed).toEqual(all.filter((id) => id <= 8));
  });
});
