/**
 * Search on PostgreSQL with SQLite's answers. SQLite's FTS5 index (tokenize='unicode61 remove_diacritics 2') splits
 * text into runs of letters and digits, folds case and drops accents. The PostgreSQL migration stores the same
 * normalisation as a generated tsvector (lower → NFD → accents removed → every run of other characters a space →
 * to_tsvector('simple')), and a query's terms are normalised here the same way and written as a tsquery by hand:
 * no text of the user's ever reaches tsquery syntax, and the parse is the one journal/search/search-syntax.ts made.
 */
import type { SearchQuery, SearchTerm } from './search-query.ts';

/** Combining accents NFD splits off (U+0300–U+036F), removed as the migration's regexp_replace removes them. */
const ACCENTS = /[\u0300-\u036f]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** The index words of a text: lower case, accents removed, split at anything but letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(ACCENTS, '')
    .split(SEPARATORS)
    .filter((w) => w !== '');
}

// Words hold letters and digits only, so quoting them is all the escaping a tsquery lexeme needs.
const lexeme = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

/** A term: one word, or (a phrase, or a word the index splits, as FTS5 reads "e-mail") its words in a row. */
function termQuery(t: SearchTerm): string {
  const words = searchWords(t.text);
  // The parser refuses a term without a letter or digit; this guards the tsquery against an empty term anyway.
  if (words.length === 0) return `''`;
  const parts = words.map((w, i) => lexeme(w, t.prefix && i === words.length - 1));
  return parts.length === 1 ? parts[0]! : `(${parts.join(' <-> ')})`;
}

const groupQuery = (g: SearchTerm[]) => (g.length === 1 ? termQuery(g[0]!) : `(${g.map(termQuery).join(' | ')})`);

/** The tsquery text of one parsed search. */
export function tsqueryText(q: SearchQuery): string {
  const positive = q.all.map(groupQuery).join(' & ');
  return q.none.length === 0 ? positive : `(${positive})${q.none.map((t) => ` & !${termQuery(t)}`).join('')}`;
}

/** Every search ANDed into one tsquery. */
export function combinedTsquery(searches: readonly SearchQuery[]): string {
  const parts = searches.map(tsqueryText);
  return parts.length === 1 ? parts[0]! : parts.map((q) => `(${q})`).join(' & ');
}
