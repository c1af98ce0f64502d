// PostgreSQL twin of migrations/2026_12_05_000100_search_text.ts: the index reads `entry.search_text` (written by the
// app: src/db/search-text.ts) and `search_more`, as a generated tsvector (to_tsvector('simple'): search_text is
// already words, so it only splits them), and the row's token count `search_length`; `entry_fts_stats` keeps the
// table's rows and tokens, so src/db/postgres-search.ts computes FTS5's bm25() over the same numbers SQLite's index
// keeps. search_text starts null; the app indexes the entries after the migrations (src/db/search-reindex.ts).
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE entry ADD COLUMN search_text text`.execute(db);
  await sql`CREATE INDEX entry_search_pending ON entry (id) WHERE search_text IS NULL`.execute(db);
  // search_more as FTS5 reads it (unicode61 remove_diacritics 2): lower case, accents off, split at other characters.
  await sql`CREATE FUNCTION entry_search_vector(search_text text, search_more text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT to_tsvector('simple', coalesce(search_text, ''))
        || to_tsvector('simple', regexp_replace(regexp_replace(normalize(lower(coalesce(search_more, '')), NFD),
          '[\u0300-\u036f]', '', 'g'), '[^[:alnum:]]+', ' ', 'g'))
    $$`.execute(db);
  // The tokens of a vector: every position of every word (FTS5's column sizes).
  await sql`CREATE FUNCTION search_token_count(v tsvector) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(sum(array_length(u.positions, 1)), 0)::integer FROM unnest(v) AS u
    $$`.execute(db);
  // How often a phrase (words in a row; the last a prefix when asked) occurs in a vector: FTS5's phrase instances.
  await sql`CREATE FUNCTION search_phrase_count(v tsvector, words text[], prefix boolean) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      WITH terms AS (SELECT u.lexeme, u.positions FROM unnest(v) AS u),
      n AS (SELECT array_length(words, 1) AS len)
      SELECT count(*)::integer FROM n, terms AS first, unnest(first.positions) AS p(pos)
      WHERE (CASE WHEN prefix AND n.len = 1 THEN starts_with(first.lexeme, words[1]) ELSE first.lexeme = words[1] END)
        AND NOT EXISTS (
          SELECT 1 FROM generate_series(2, n.len) AS i
          WHERE NOT EXISTS (
            SELECT 1 FROM terms AS t
            WHERE (CASE WHEN prefix AND i = n.len THEN starts_with(t.lexeme, words[i]) ELSE t.lexeme = words[i] END)
              AND p.pos + i - 1 = ANY (t.positions)))
    $$`.execute(db);
  await sql`ALTER TABLE entry DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE entry ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (entry_search_vector(search_text, search_more)) STORED`.execute(db);
  await sql`ALTER TABLE entry ADD COLUMN search_length integer
    GENERATED ALWAYS AS (search_token_count(entry_search_vector(search_text, search_more))) STORED`.execute(db);
  await sql`CREATE INDEX entry_search ON entry USING gin (search_vector)`.execute(db);
  await sql`CREATE TABLE entry_fts_stats (
    id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    total_rows bigint NOT NULL,
    total_tokens bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO entry_fts_stats (total_rows, total_tokens)
    SELECT count(*), coalesce(sum(search_length), 0) FROM entry`.execute(db);
  // Once per statement, over the rows it changed: a bulk insert of 500 rows updates the totals once. The row is made
  // when missing (a TRUNCATE of both tables leaves none), and a TRUNCATE of entry sets the totals to nothing.
  await sql`CREATE FUNCTION entry_fts_stats_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      rows_change bigint := 0;
      tokens_change bigint := 0;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM entry_fts_stats;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT rows_change + count(*), tokens_change + coalesce(sum(search_length), 0)
          INTO rows_change, tokens_change FROM added;
      END IF;
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        SELECT rows_change - count(*), tokens_change - coalesce(sum(search_length), 0)
          INTO rows_change, tokens_change FROM removed;
      END IF;
      IF rows_change <> 0 OR tokens_change <> 0 THEN
        INSERT INTO entry_fts_stats AS s (id, total_rows, total_tokens) VALUES (1, rows_change, tokens_change)
          ON CONFLICT (id) DO UPDATE SET total_rows = s.total_rows + rows_change,
            total_tokens = s.total_tokens + tokens_change;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER entry_fts_stats_truncate AFTER TRUNCATE ON entry
    FOR EACH STATEMENT EXECUTE FUNCTION entry_fts_stats_change()`.execute(db);
  await sql`CREATE TRIGGER entry_fts_stats_insert AFTER INSERT ON entry REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION entry_fts_stats_change()`.execute(db);
  await sql`CREATE TRIGGER entry_fts_stats_update AFTER UPDATE ON entry
    REFERENCING OLD TABLE AS removed NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION entry_fts_stats_change()`.execute(db);
  await sql`CREATE TRIGGER entry_fts_stats_delete AFTER DELETE ON entry REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION entry_fts_stats_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['insert', 'update', 'delete', 'truncate'])
    await sql.raw(`DROP TRIGGER IF EXISTS entry_fts_stats_${t} ON entry`).execute(db);
  await sql`DROP FUNCTION IF EXISTS entry_fts_stats_change()`.execute(db);
  await sql`DROP TABLE IF EXISTS entry_fts_stats`.execute(db);
  await sql`ALTER TABLE entry DROP COLUMN search_length`.execute(db);
  await sql`ALTER TABLE entry DROP COLUMN search_vector`.execute(db);
  const words = (column: string) =>
    `to_tsvector('simple', regexp_replace(regexp_replace(normalize(lower(${column}), NFD), '[\\u0300-\\u036f]', '', 'g'), '[^[:alnum:]]+', ' ', 'g'))`;
  await sql
    .raw(
      `ALTER TABLE entry ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${['title', 'content', 'search_more'].map(words).join(' || ')}) STORED`,
    )
    .execute(db);
  await sql`CREATE INDEX entry_search ON entry USING gin (search_vector)`.execute(db);
  for (const f of ['search_phrase_count(tsvector, text[], boolean)', 'search_token_count(tsvector)'])
    await sql.raw(`DROP FUNCTION IF EXISTS ${f}`).execute(db);
  await sql`DROP FUNCTION IF EXISTS entry_search_vector(text, text)`.execute(db);
  await sql`DROP INDEX IF EXISTS entry_search_pending`.execute(db);
  await sql`ALTER TABLE entry DROP COLUMN search_text`.execute(db);
}
