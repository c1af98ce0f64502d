// A journal file every SQLite since 3.37 (Ubuntu 22.04; Debian 12 and Python ship 3.40) opens. Two things stood in
// the way, and this rewrites both in place, keeping every search result as it was:
// - The search triggers of 2026_12_03_000100 used `group_concat(tag, ' ' ORDER BY tag)` (SQLite 3.44). One trigger an
//   older SQLite cannot parse makes the whole schema "malformed" for it. The same words, in the same order, come from
//   group_concat over an ordered subquery, which every version parses.
// - The FTS5 index's persistent 'secure-delete' option (SQLite 3.42) stamps the index format 5 at its first delete, and
//   older SQLite then refuses the index ("invalid fts5 file format"). It goes off, and a rebuild stamps format 4 again;
//   a forget still removes the entry's terms from the file, by a full merge ('optimize') in the store's purgeDeleted,
//   the same way forgetting a whole owner already did. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

/** A place field of `metadata`, '' when absent or when the metadata is not JSON (a write never fails on it). */
const placePart = (metadata: string, field: string) =>
  `coalesce(CASE WHEN json_valid(${metadata}) THEN json_extract(${metadata}, '$.place.${field}') END, '')`;

/** The entry's tags its text does not carry as #tag, in tag order, space-separated: `ordered` picks the syntax. */
const tagWords = (e: string, ordered: 'subquery' | 'aggregate-order-by') =>
  ordered === 'subquery'
    ? `(SELECT group_concat(tag, ' ') FROM (SELECT t.tag AS tag FROM entry_tag AS t
        WHERE t.entry_id = ${e}.id AND instr(lower(${e}.content), '#' || t.tag) = 0 ORDER BY t.tag))`
    : `(SELECT group_concat(t.tag, ' ' ORDER BY t.tag) FROM entry_tag AS t
        WHERE t.entry_id = ${e}.id AND instr(lower(${e}.content), '#' || t.tag) = 0)`;

type Syntax = Parameters<typeof tagWords>[1];

/** The words of an entry row `e` (its id, content and metadata) beyond its text, exactly as 2026_12_03_000100 made them. */
const searchMore = (e: string, syntax: Syntax) =>
  `trim(coalesce(${tagWords(e, syntax)}, '')
    || ' ' || ${['name', 'locality', 'area', 'country'].map((f) => placePart(`${e}.metadata`, f)).join(` || ' ' || `)})`;

/** Stores the entry's words beyond its text, only when they change (a tag its text carries writes nothing). */
const refresh = (id: string, syntax: Syntax) =>
  `UPDATE entry SET search_more = ${searchMore('entry', syntax)} WHERE id = ${id} AND search_more IS NOT ${searchMore('entry', syntax)};`;

const COLUMNS = 'title, content, search_more';
const REWRITTEN = [
  'entry_fts_insert',
  'entry_fts_update',
  'entry_tag_search_more_insert',
  'entry_tag_search_more_delete',
];

/** The triggers of 2026_12_03_000100 that compute the words, statement for statement, in the given syntax. */
async function makeTriggers(db: Kysely<any>, syntax: Syntax): Promise<void> {
  for (const name of REWRITTEN) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER entry_fts_insert AFTER INSERT ON entry BEGIN
    INSERT INTO entry_fts(rowid, ${COLUMNS}) VALUES (new.id, new.title, new.content, new.search_more);
    ${refresh('new.id AND new.metadata IS NOT NULL', syntax)}
  END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER entry_fts_update AFTER UPDATE OF ${COLUMNS}, metadata ON entry BEGIN
    INSERT INTO entry_fts(entry_fts, rowid, ${COLUMNS}) VALUES ('delete', old.id, old.title, old.content, old.search_more);
    INSERT INTO entry_fts(rowid, ${COLUMNS}) VALUES (new.id, new.title, new.content, ${searchMore('new', syntax)});
    ${refresh('new.id', syntax)}
  END`,
    )
    .execute(db);
  // A tag the text carries as #tag changes nothing: the common case (a Telegram #hashtag) only reads the entry's text.
  const notInText = (row: string) =>
    `instr(lower((SELECT content FROM entry WHERE id = ${row}.entry_id)), '#' || ${row}.tag) = 0`;
  await sql
    .raw(
      `CREATE TRIGGER entry_tag_search_more_insert AFTER INSERT ON entry_tag WHEN ${notInText('new')} BEGIN ${refresh('new.entry_id', syntax)} END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER entry_tag_search_more_delete AFTER DELETE ON entry_tag WHEN ${notInText('old')} BEGIN ${refresh('old.entry_id', syntax)} END`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await makeTriggers(db, 'subquery');
  await sql`INSERT INTO entry_fts(entry_fts, rank) VALUES ('secure-delete', 0)`.execute(db);
  // The same terms for the same rows, written afresh in format 4 (what SQLite before 3.42 reads).
  await sql`INSERT INTO entry_fts(entry_fts) VALUES ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO entry_fts(entry_fts, rank) VALUES ('secure-delete', 1)`.execute(db);
  await makeTriggers(db, 'aggregate-order-by');
}
