/**
 * A parsed search, as both stores read it. The syntax and its parser live in journal/search/search-syntax.ts; each store
 * turns this shape into its own index's query (FTS5 MATCH on SQLite, a tsquery on PostgreSQL).
 */

export interface SearchTerm {
  /** The word or the phrase's words (single spaces), as typed. */
  text: string;
  phrase: boolean;
  /** word*: any word starting with text. */
  prefix: boolean;
}

export interface SearchQuery {
  /** Every group must match; a group matches when any of its terms does. */
  all: SearchTerm[][];
  /** No entry with any of these. */
  none: SearchTerm[];
}
