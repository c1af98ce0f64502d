/**
 * Search on PostgreSQL with SQLite's answers and SQLite's order. Both index `entry.search_text` (search-text.ts's
 * words) and `search_more` (tags, place); the PostgreSQL migration stores them as a tsvector read by
 * to_tsvector('simple') and the row's token count (`search_length`), and keeps the journal's row and token totals in
 * `entry_fts_stats`. A plan (search-plan.ts) is written here as a tsquery by hand (no text of the user's ever
 * reaches tsquery syntax) and its matches scored by FTS5's own bm25(): for each phrase, idf = ln((N - n + 0.5) /
 * (n + 0.5)) (1e-6 when not above 0) over the whole table, times f·(k1 + 1) / (f + k1·(1 - b + b·D/avgdl)), k1 = 1.2,
 * b = 0.75, f the phrase's occurrences in the row, D its tokens.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../schema.ts';
import type { SearchQuery } from '../search/search-query.ts';
import { planPhrases, searchPlan, tsMatch, tsPhrase, type MatchNode } from '../search/search-plan.ts';
import type { ScoredId, WindowQueries } from '../search/search-window.ts';
import { SCORE_DIGITS } from '../store.ts';

/** The tsquery text of every search of a view, ANDed. */
export function combinedTsquery(searches: readonly SearchQuery[]): string {
  return tsMatch(searchPlan(searches));
}

/** (id, score) of every entry matching the searches, score higher for better, as SQLite's -bm25() gives it. */
export function postgresScores(searches: readonly SearchQuery[]): RawBuilder<{ id: number; score: number }> {
  return planScores(searchPlan(searches));
}

/**
 * (id, score) of the plan's matches, only those meeting `among` when given (search-window.ts's candidates); each
 * phrase's entry count is counted, or taken from `given` (by planPhrases' order).
 */
function planScores(plan: MatchNode, among?: RawBuilder<boolean>, given?: readonly number[]): RawBuilder<ScoredId> {
  const phrases = planPhrases(plan);
  const hits = phrases.map((p, i) =>
    given
      ? sql`${given[i]!}::float8 AS ${sql.ref(`h${i}`)}`
      : sql`(SELECT count(*) FROM entry WHERE search_vector @@ ${tsPhrase(p)}::tsquery)::float8 AS ${sql.ref(`h${i}`)}`,
  );
  const terms = phrases.map((p, i) => {
    const f = sql`search_phrase_count(e.search_vector, ${p.words}::text[], ${p.prefix})`;
    const h = sql.ref(`s.h${i}`);
    const idf = sql`greatest(ln((s.n - ${h} + 0.5) / (${h} + 0.5)), 1e-6)`;
    return sql`${idf} * (${f} * 2.2) / (${f} + 1.2 * (0.25 + 0.75 * e.search_length / s.avgdl))`;
  });
  return sql<{
    id: number;
    score: number;
  }>`(SELECT e.id, round((${sql.join(terms, sql` + `)})::numeric, ${sql.lit(SCORE_DIGITS)})::float8 AS score
    FROM entry AS e CROSS JOIN (SELECT coalesce(t.total_rows, 0)::float8 AS n,
      greatest(coalesce(t.total_tokens, 0)::float8 / greatest(t.total_rows, 1), 1e-9) AS avgdl, ${sql.join(hits)}
      FROM (SELECT 1) AS one LEFT JOIN entry_fts_stats AS t ON true) AS s
    WHERE e.search_vector @@ ${tsMatch(plan)}::tsquery${among ? sql` AND ${among}` : sql``})`;
}

/** The candidates' statements of search-window.ts on PostgreSQL: the same rule as SQLite's, the same scores. */
export function postgresWindow(db: Kysely<Database>): WindowQueries {
  return {
    // Counted first without an order (a rare phrase's few matches, from the text index alone); only a phrase past the
    // cap is read newest first for its lowest id, where its matches are dense enough for a walk down the ids.
    async spread(node, cap) {
      const match = sql`search_vector @@ ${tsMatch(node)}::tsquery`;
      const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM (SELECT 1 FROM entry
        WHERE ${match} LIMIT ${cap + 1}) AS c`.execute(db);
      const n = Number(rows[0]?.n ?? 0);
      if (n <= cap) return { n, lowest: null };
      const lowest = await sql<{ id: number | string }>`SELECT id FROM entry WHERE ${match}
        ORDER BY id DESC LIMIT 1 OFFSET ${cap}`.execute(db);
      return { n, lowest: Number(lowest.rows[0]!.id) };
    },
    async totals() {
      const { rows } = await sql<{ n: number | string | null; max_id: number | string | null }>`SELECT
        (SELECT total_rows FROM entry_fts_stats) AS n, (SELECT max(id) FROM entry) AS max_id`.execute(db);
      return { rows: Number(rows[0]?.n ?? 0), maxId: Number(rows[0]?.max_id ?? 0) };
    },
    async scoredCandidates(plan, rare, window, hits) {
      const newest = sql<boolean>`e.id IN (SELECT id FROM entry WHERE search_vector @@ ${tsMatch(plan)}::tsquery
        ORDER BY id DESC LIMIT ${window})`;
      const read = async (among: RawBuilder<boolean>) =>
        (await sql<ScoredId>`SELECT id, score FROM ${planScores(plan, among, hits)} AS s`.execute(db)).rows;
      return {
        newest: await read(newest),
        rare: rare ? await read(sql<boolean>`e.search_vector @@ ${tsMatch(rare)}::tsquery`) : [],
      };
    },
  };
}
