/**
 * The search syntax, parsed once and read three ways: the store's index query (db/sqlite-store.ts writes FTS5 with every
 * term quoted, db/postgres-search.ts a tsquery; no text is ever index syntax), the canonical text a view stores, and the words a view's description shows. Anything outside the
 * syntax is an error that shows the syntax.
 *
 *   coffee tea         either word, entries holding more of them (and rarer ones) first; a whole question works
 *   "river bank"       a phrase: these words, in this order
 *   coffee OR tea      the same as coffee tea (kept for those who write it)
 *   +coffee            required: only entries holding it (also +"a phrase")
 *   -tea               without it (also -"a phrase"); needs at least one term to look for
 *   rain*              words starting with "rain"
 * Case, accents and word forms (walk, walking, walked) are ignored; words that carry no meaning ("the", "what") are
 * passed over when the query has others. Uppercase AND, NOT and NEAR, field filters (title:x), brackets and other
 * operators are refused rather than guessed.
 */

export const SEARCH_SYNTAX =
  'Search syntax: words (any may match, best matches first; any word form), "a phrase", +word (must appear), -word or -"a phrase" (without it), word* (prefix), a OR b (either, as a b)';

import type { SearchQuery, SearchTerm } from '../../db/search/search-query.ts';

export type { SearchQuery, SearchTerm };

export class SearchSyntaxError extends Error {}

const termText = (t: SearchTerm) => (t.phrase ? `"${t.text}"` : `${t.text}${t.prefix ? '*' : ''}`);

const HAS_WORD = /[\p{L}\p{N}]/u;
/** A token of punctuation and symbols only: a question mark or a dash typed between words. */
const STRAY_PUNCTUATION = /^[\p{P}\p{S}]+$/u;
/** Characters that are operators in other search languages: refused, so nothing is silently misread. */
const OPERATOR_CHARS = /[():^{}[\]<>\\|~=]/;
// Control characters (C0 but tab and line breaks, which separate words; DEL; C1) can only be damage: SQLite
// cuts FTS5 text at a NUL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const MAX_TERMS = 20;

type Mark = 'exclude' | 'require' | null;
type Token = { op: 'OR' } | { term: SearchTerm; mark: Mark };

function fail(problem: string): never {
  throw new SearchSyntaxError(`${problem}. ${SEARCH_SYNTAX}`);
}

function bareTerm(raw: string): SearchTerm {
  if (OPERATOR_CHARS.test(raw)) {
    const char = raw.match(OPERATOR_CHARS)![0];
    fail(
      char === ':'
        ? `"${raw}": field filters such as title: are not supported, search for the words themselves`
        : `"${raw}": the character ${char} is not part of the syntax`,
    );
  }
  const prefix = raw.endsWith('*');
  const text = prefix ? raw.slice(0, -1) : raw;
  if (text.includes('*')) fail(`"${raw}": * may only end a word (word*)`);
  if (text.startsWith('-')) fail(`"${raw}": use a single - to exclude a word`);
  if (text.startsWith('+')) fail(`"${raw}": use a single + to require a word`);
  if (!HAS_WORD.test(text)) fail(`"${raw}" has no letter or digit to look for`);
  if (text === 'AND') fail('AND is not supported: write +word for a word that must appear');
  if (text === 'NOT') fail('NOT is not supported: write -word to exclude a word');
  if (text === 'NEAR') fail('NEAR is not supported: use "a phrase" for words next to each other');
  return { text, phrase: false, prefix };
}

function tokenize(query: string): Token[] {
  const control = CONTROL.exec(query);
  if (control)
    fail(
      `the query contains the control character U+${control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, which cannot be searched`,
    );
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    if (/\s/.test(query[i]!)) {
      i += 1;
      continue;
    }
    const mark: Mark = query[i] === '-' ? 'exclude' : query[i] === '+' ? 'require' : null;
    const start = mark ? i + 1 : i;
    if (mark && (start >= query.length || /\s/.test(query[start]!)))
      fail(
        mark === 'exclude' ? 'a lone "-": write -word to exclude a word' : 'a lone "+": write +word to require a word',
      );
    if (query[start] === '"') {
      const end = query.indexOf('"', start + 1);
      if (end === -1) fail('a phrase is missing its closing "');
      const text = query
        .slice(start + 1, end)
        .trim()
        .replace(/\s+/g, ' ');
      if (!HAS_WORD.test(text)) fail(`the phrase "${text}" has no letter or digit to look for`);
      if (end + 1 < query.length && !/\s/.test(query[end + 1]!))
        fail(`put a space after the closing quote of "${text}"`);
      tokens.push({ term: { text, phrase: true, prefix: false }, mark });
      i = end + 1;
      continue;
    }
    let end = start;
    while (end < query.length && !/\s/.test(query[end]!)) {
      if (query[end] === '"') fail(`"${query.slice(start, end + 1)}": a quote may only open or close a phrase`);
      end += 1;
    }
    const raw = query.slice(start, end);
    // A question's own punctuation standing alone ("Où est-il ?", "— and then") is passed over, not refused: a whole
    // question is a query. Operators and a mark in front of it still go to bareTerm, which says what is wrong.
    if (!mark && STRAY_PUNCTUATION.test(raw) && !OPERATOR_CHARS.test(raw) && !raw.includes('*')) {
      i = end;
      continue;
    }
    tokens.push(raw === 'OR' && !mark ? { op: 'OR' } : { term: bareTerm(raw), mark });
    i = end;
  }
  return tokens;
}

/** Parses a query, or throws a SearchSyntaxError that says what is wrong and shows the syntax. */
export function parseSearch(query: string): SearchQuery {
  const tokens = tokenize(query);
  const q: SearchQuery = { any: [], all: [], none: [] };
  tokens.forEach((token, i) => {
    if ('op' in token) {
      const before = tokens[i - 1];
      const after = tokens[i + 1];
      if (!before || !after || 'op' in before || 'op' in after)
        fail('OR must stand between two terms, as in coffee OR tea');
      if (before.mark || after.mark)
        fail('OR joins terms to look for; write +a +b for words that must all appear, -a -b to exclude several');
      return;
    }
    const into = token.mark === 'exclude' ? q.none : token.mark === 'require' ? q.all : q.any;
    if (!into.some((t) => termText(t) === termText(token.term))) into.push(token.term);
  });
  if (q.any.length + q.all.length === 0)
    fail(
      q.none.length
        ? 'only exclusions: say what to look for too, e.g. walk -rain'
        : 'the query has no word to look for',
    );
  if (q.any.length + q.all.length + q.none.length > MAX_TERMS) fail(`at most ${MAX_TERMS} terms`);
  return q;
}

/** The query if it parses, else the problem (for validators). */
export function checkSearch(query: string): { query: SearchQuery } | { problem: string } {
  try {
    return { query: parseSearch(query) };
  } catch (error) {
    if (error instanceof SearchSyntaxError) return { problem: error.message };
    throw error;
  }
}

/** The canonical text of a query: parses back to the same query, so views store it and compare equal. */
export function searchText(q: SearchQuery): string {
  return [...q.any.map(termText), ...q.all.map((t) => `+${termText(t)}`), ...q.none.map((t) => `-${termText(t)}`)].join(
    ' ',
  );
}

const describeTerm = (t: SearchTerm) =>
  t.phrase
    ? `the phrase ${JSON.stringify(t.text)}`
    : t.prefix
      ? `a word starting with ${JSON.stringify(t.text)}`
      : JSON.stringify(t.text);

const either = (terms: SearchTerm[]) =>
  terms.length === 1 ? describeTerm(terms[0]!) : `any of ${terms.map(describeTerm).join(', ')}`;

/** What was searched, in words: `containing "walk" and any of "river", "lake", without "tea"`. */
export function describeSearch(q: SearchQuery): string {
  const must = q.all.map(describeTerm).join(' and ');
  const may = q.any.length === 0 ? '' : must === '' ? either(q.any) : `, ranked by ${either(q.any)}`;
  const without = q.none.length ? `, without ${q.none.map(describeTerm).join(' or ')}` : '';
  return `containing ${must}${may}${without}`;
}
