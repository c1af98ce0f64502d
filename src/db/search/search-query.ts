/**
 * A parsed search, as both stores read it. The syntax and its parser live in journal/search/search-syntax.ts; the
 * stores turn this shape into their index's query through db/search-plan.ts (FTS5 MATCH on SQLite, a tsquery on
 * PostgreSQL), ranked alike by BM25.
 */

export interface SearchTerm {
  /** The word or the phrase's words (single spaces), as typed. */
  text: string;
  phrase: boolean;
  /** word*: any word starting with text. */
  prefix: boolean;
}

export interface SearchQuery {
  /** Terms an entry may hold: it matches when it holds any of them (or every `all` term); more and rarer rank higher. */
  any: SearchTerm[];
  /** +word: terms an entry must hold, every one. */
  all: SearchTerm[];
  /** -word: no entry with any of these. */
  none: SearchTerm[];
}
