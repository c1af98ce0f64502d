// Search that finds every word form: the index reads `entry.search_text` (the title's and text's words stemmed by the
// entry's language and folded, written by the app with the text: src/db/search-text.ts) and `search_more` (tags and
// place, kept by the triggers of 2026_12_03_000100, as rewritten by 2026_12_04_000100). The FTS5 table is made anew
// over those two columns, declared `content="entry"` so sqlite-utils and Datasette see it as the entry table's index
// (their detect_fts looks for exactly that). search_text cannot be computed here (a migration imports nothing from
// src/): it starts null, a partial index lists the entries still to index, and the app indexes them after the
// migrations, batch by batch, resumably (src/db/search-reindex.ts). The tokenizer keeps marks inside words (M*), as
// PostgreSQL's parser does, so both stores count the same tokens. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

/** A place field of `metadata`, '' when absent or when the metadata is not JSON (a write never fails on it). */
const placePart = (metadata: string, field: string) =>
  `coalesce(CASE WHEN json_valid(${metadata}) THEN json_extract(${metadata}, '$.place.${field}') END, '')`;

/** The entry's tags its text does not carry as #tag, in tag order (an ordered subquery: SQLite 3.37 parses it). */
const tagWords = (e: string) =>
  `(SELECT group_concat(tag, ' ') FROM (SELECT t.tag AS tag FROM entry_tag AS t
      WHERE t.entry_id = ${e}.id AND instr(lower(${e}.content), '#' || t.tag) = 0 ORDER BY t.tag))`;

/** The words of an entry row `e` beyond its text, exactly as 2026_12_04_000100 made them. */
const searchMore = (e: string) =>
  `trim(coalesce(${tagWords(e)}, '')
    || ' ' || ${['name', 'locality', 'area', 'country'].map((f) => placePart(`${e}.metadata`, f)).join(` || ' ' || `)})`;

/** Stores the entry's words beyond its text, only when they change. */
const refresh = (id: string) =>
  `UPDATE entry SET search_more = ${searchMore('entry')} WHERE id = ${id} AND search_more IS NOT ${searchMore('entry')};`;

const FTS_TRIGGERS = ['entry_fts_insert', 'entry_fts_delete', 'entry_fts_update'];

/**
 * The FTS5 table over `columns` of entry, rebuilt, and one trigger per event that keeps it in step (the order
 * 2026_12_03_000100 explains: index the row, then store its words beyond its text).
 */
async function makeIndex(db: Kysely<any>, columns: string[], declaration: string): Promise<void> {
  for (const name of FTS_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DROP TABLE IF EXISTS entry_fts`.execute(db);
  const list = columns.join(', ');
  const values = (row: string, more = `${row}.search_more`) =>
    columns.map((c) => (c === 'search_more' ? more : `${row}.${c}`)).join(', ');
  await sql.raw(`CREATE VIRTUAL TABLE entry_fts USING fts5(${list}, ${declaration})`).execute(db);
  await sql`INSERT INTO entry_fts(entry_fts) VALUES ('rebuild')`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER entry_fts_insert AFTER INSERT ON entry BEGIN
    INSERT INTO entry_fts(rowid, ${list}) VALUES (new.id, ${values('new')});
    ${refresh('new.id AND new.metadata IS NOT NULL')}
  END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER entry_fts_delete AFTER DELETE ON entry BEGIN
    INSERT INTO entry_fts(entry_fts, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
  END`,
    )
    .execute(db);
  const watched = [...new Set([...columns, 'content', 'search_more', 'metadata'])].join(', ');
  await sql
    .raw(
      `CREATE TRIGGER entry_fts_update AFTER UPDATE OF ${watched} ON entry BEGIN
    INSERT INTO entry_fts(entry_fts, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
    INSERT INTO entry_fts(rowid, ${list}) VALUES (new.id, ${values('new', searchMore('new'))});
    ${refresh('new.id')}
  END`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE entry ADD COLUMN search_text text`.execute(db);
  await sql`CREATE INDEX entry_search_pending ON entry (id) WHERE search_text IS NULL`.execute(db);
  await makeIndex(
    db,
    ['search_text', 'search_more'],
    `content="entry", content_rowid="id", tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'"`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await makeIndex(
    db,
    ['title', 'content', 'search_more'],
    `content='entry', content_rowid='id', tokenize='unicode61 remove_diacritics 2'`,
  );
  await sql`DROP INDEX IF EXISTS entry_search_pending`.execute(db);
  await db.schema.alterTable('entry').dropColumn('search_text').execute();
}
