/**
 * FTS5's bm25() for rows read from the index, with each phrase's entry count given (search-window.ts): the formula of
 * fts5_aux.c, its inputs from the index's own records (the row and token totals of `entry_fts_data`'s averages
 * record, each row's size in `entry_fts_docsize`) and the phrases' occurrences in the two indexed columns. bm25()
 * itself counts every row holding each phrase for its idf, which grew with the journal; here the counts are given.
 * Given the exact counts it equals bm25() (test/db/search/search-estimated-idf.test.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { foldWord } from '../search/fold-word.ts';
import type { Phrase } from '../search/search-plan.ts';
import type { ScoredId } from '../search/search-window.ts';
import { SCORE_DIGITS } from '../store.ts';

const K1 = 1.2;
const B = 0.75;
/** A unicode61 token with categories 'L* N* Co M*': everything else separates. */
const TOKEN = /[\p{L}\p{N}\p{Co}\p{M}]+/gu;
const SPACE = 32;

/** A candidate as the index holds it: its two indexed columns and its size record. */
export interface IndexedRow {
  id: number;
  search_text: string | null;
  search_more: string | null;
  sz: Uint8Array;
}

/** The index's rows and their tokens in all columns. */
export interface Fts5Totals {
  rows: number;
  tokens: number;
}

/** SQLite's varints (1 to 9 bytes, big-endian, 7 bits a byte, all 8 in the ninth), as FTS5 writes its records. */
function readVarints(block: Uint8Array): number[] {
  const values: number[] = [];
  let at = 0;
  while (at < block.length) {
    let value = 0;
    for (let i = 0; i < 9 && at < block.length; i++) {
      const byte = block[at++]!;
      if (i === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    values.push(value);
  }
  return values;
}

/** Rows in the index and their tokens, from the averages record (id 1 of the %_data table), as bm25() reads them. */
export async function fts5Totals(db: Kysely<Database>): Promise<Fts5Totals> {
  const { rows } = await sql<{ block: Uint8Array }>`SELECT block FROM entry_fts_data WHERE id = 1`.execute(db);
  const [count = 0, ...columns] = rows[0] ? readVarints(rows[0].block) : [];
  return { rows: count, tokens: columns.reduce((a, b) => a + b, 0) };
}

/** search_more's tokens as unicode61 cuts and folds them, one space between (tags and place names as written). */
const moreWords = (text: string | null) =>
  text ? [...text.toLowerCase().matchAll(TOKEN)].map((m) => foldWord(m[0])).join(' ') : '';

/**
 * A phrase's occurrences in index words joined by single spaces (search_text as search-text.ts writes it): its words
 * in a row, the last only a word's start for word*. indexOf over the text, no split: this runs over every candidate.
 */
function occurrences(words: string, phrase: string, prefix: boolean): number {
  let n = 0;
  for (let i = words.indexOf(phrase); i !== -1; i = words.indexOf(phrase, i + 1)) {
    if (i > 0 && words.charCodeAt(i - 1) !== SPACE) continue;
    const end = i + phrase.length;
    if (!prefix && end < words.length && words.charCodeAt(end) !== SPACE) continue;
    n += 1;
  }
  return n;
}

/** The rows' -bm25() as the phrases (in planPhrases' order), with `hits` rows each, would give it. */
export function fts5Scores(
  rows: readonly IndexedRow[],
  phrases: readonly Phrase[],
  hits: readonly number[],
  totals: Fts5Totals,
): ScoredId[] {
  const avgdl = totals.tokens / Math.max(1, totals.rows);
  const idf = hits.map((h) => {
    const value = Math.log((totals.rows - h + 0.5) / (h + 0.5));
    return value > 0 ? value : 1e-6;
  });
  const needles = phrases.map((p) => p.words.join(' '));
  const scale = 10 ** SCORE_DIGITS;
  return rows.map((row) => {
    const text = row.search_text ?? '';
    const more = moreWords(row.search_more);
    const size = readVarints(row.sz).reduce((a, b) => a + b, 0);
    const lengthNorm = K1 * (1 - B + (B * size) / avgdl);
    let score = 0;
    phrases.forEach((phrase, i) => {
      const f = occurrences(text, needles[i]!, phrase.prefix) + occurrences(more, needles[i]!, phrase.prefix);
      if (f > 0) score += (idf[i]! * (f * (K1 + 1))) / (f + lengthNorm);
    });
    return { id: Number(row.id), score: Math.round(score * scale) / scale };
  });
}
