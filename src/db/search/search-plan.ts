/**
 * A view's searches as one match expression over the index's words, built once for both stores: SQLite writes it as
 * an FTS5 MATCH, PostgreSQL as a tsquery, and both rank its matches by the same BM25 over the same phrases
 * (db/postgres-search.ts computes FTS5's bm25() formula). Each term becomes the OR of its forms (search-text.ts
 * queryForms); words that carry no meaning are passed over while the query has others; +terms are required and the
 * rest only rank, -terms exclude.
 */
import type { SearchQuery, SearchTerm } from './search-query.ts';
import { queryForms, UNSPACED, wordsOf } from './search-text.ts';
import { isStopWord } from './stop-words.ts';

/** Index words in a row (one word is a phrase of one); `prefix`: the last may be the start of a word. */
export interface Phrase {
  words: string[];
  prefix: boolean;
}

export type MatchNode =
  { phrase: Phrase } | { or: MatchNode[] } | { and: MatchNode[] } | { not: MatchNode; without: MatchNode[] };

const anyOf = (nodes: MatchNode[]): MatchNode => (nodes.length === 1 ? nodes[0]! : { or: nodes });
const allOf = (nodes: MatchNode[]): MatchNode => (nodes.length === 1 ? nodes[0]! : { and: nodes });

function termNode(term: SearchTerm): MatchNode {
  const forms = queryForms(term.text);
  // The parser refuses a term without a letter or digit, so every term has a form; this keeps the shape total anyway.
  if (forms.length === 0) return { phrase: { words: [term.text.toLowerCase()], prefix: term.prefix } };
  // A prefix is looked up as typed and as each stem of it (walking* also finds walked).
  return anyOf(forms.map((words) => ({ phrase: { words, prefix: term.prefix } })));
}

/** A word that carries no meaning: a bare word (not a phrase or prefix) whose every index word is a stop word. */
const meaningless = (t: SearchTerm) => !t.phrase && !t.prefix && queryForms(t.text)[0]!.every(isStopWord);

/**
 * A bare term in a script written without spaces is as many words as the index cuts it into: a question typed in
 * Chinese or Japanese ("我们什么时候搬进新公寓") is one token at spaces, and as a phrase it would ask for every one of
 * its words in a row. A "phrase" in quotes, and a word in a spaced script that the index splits (e-mail), stay phrases.
 */
function separateWords(t: SearchTerm): SearchTerm[] {
  if (t.phrase || !UNSPACED.test(t.text)) return [t];
  const words = wordsOf(t.text);
  if (words.length < 2) return [t];
  return words.map((text, i) => ({ text, phrase: false, prefix: t.prefix && i === words.length - 1 }));
}

/** One query's expression: any of its terms (or all its +terms, the others ranking), without its -terms. */
export function queryNode(query: SearchQuery): MatchNode {
  const q = { ...query, any: query.any.flatMap(separateWords), all: query.all.flatMap(separateWords) };
  const meaningful = q.any.filter((t) => !meaningless(t));
  // A query of nothing but stop words still searches them rather than find nothing.
  const any = (meaningful.length > 0 || q.all.length > 0 ? meaningful : q.any).map(termNode);
  const all = q.all.map(termNode);
  // Required terms alone decide the match; `all AND (all OR any)` matches the same rows and lets the others rank.
  const positive =
    all.length === 0 ? anyOf(any) : any.length === 0 ? allOf(all) : allOf([...all, anyOf([...all, ...any])]);
  return q.none.length === 0 ? positive : { not: positive, without: q.none.map(termNode) };
}

/** Every search of a view, ANDed. */
export function searchPlan(searches: readonly SearchQuery[]): MatchNode {
  return allOf(searches.map(queryNode));
}

/** The phrases of an expression in the order they are written, as FTS5 numbers them for bm25(). */
export function planPhrases(node: MatchNode): Phrase[] {
  if ('phrase' in node) return [node.phrase];
  if ('or' in node) return node.or.flatMap(planPhrases);
  if ('and' in node) return node.and.flatMap(planPhrases);
  return [...planPhrases(node.not), ...node.without.flatMap(planPhrases)];
}

// Index words hold letters, digits and marks only, so a double-quoted FTS5 string needs no escaping: nothing in it is
// ever an operator.
const ftsPhrase = (p: Phrase) => `"${p.words.join(' ')}"${p.prefix ? '*' : ''}`;

/** The FTS5 MATCH expression of a plan. */
export function ftsMatch(node: MatchNode): string {
  if ('phrase' in node) return ftsPhrase(node.phrase);
  if ('or' in node) return `(${node.or.map(ftsMatch).join(' OR ')})`;
  if ('and' in node) return `(${node.and.map(ftsMatch).join(' AND ')})`;
  return `(${ftsMatch(node.not)}${node.without.map((n) => ` NOT ${ftsMatch(n)}`).join('')})`;
}

// The same words quoted as tsquery lexemes: letters, digits and marks need no escaping inside quotes.
const lexeme = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

/** A phrase as a tsquery: its words in a row (<->), the last a prefix for word*. */
export function tsPhrase(p: Phrase): string {
  const parts = p.words.map((w, i) => lexeme(w, p.prefix && i === p.words.length - 1));
  return parts.length === 1 ? parts[0]! : `(${parts.join(' <-> ')})`;
}

/** The tsquery text of a plan. */
export function tsMatch(node: MatchNode): string {
  if ('phrase' in node) return tsPhrase(node.phrase);
  if ('or' in node) return `(${node.or.map(tsMatch).join(' | ')})`;
  if ('and' in node) return `(${node.and.map(tsMatch).join(' & ')})`;
  return `(${tsMatch(node.not)}${node.without.map((n) => ` & !${tsMatch(n)}`).join('')})`;
}
