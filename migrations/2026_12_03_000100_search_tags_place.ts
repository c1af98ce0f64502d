// Search also finds an entry by its tags and its place's names (a Day One entry tagged "pizza" whose text never says
// it; one written at "Uncle's Tavern, Alice Springs"). `entry.search_more` holds those words, kept by triggers: the
// entry's tags that its text does not already carry as #tag, and the place's name, locality, area and country from
// its metadata. The FTS5 index gains it as a third column (FTS5 cannot add a column: the index is made anew and
// rebuilt). A tag written in the text is left out so that the common case, a Telegram #hashtag, never rewrites the
// entry's index row. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

/** A place field of `metadata`, '' when absent or when the metadata is not JSON (a write never fails on it). */
const placePart = (metadata: string, field: string) =>
  `coalesce(CASE WHEN json_valid(${metadata}) THEN json_extract(${metadata}, '$.place.${field}') END, '')`;

/** The words of an entry row `e` (its id, content and metadata) beyond its text. */
const searchMore = (e: string) =>
  `trim(coalesce((SELECT group_concat(t.tag, ' ' ORDER BY t.tag) FROM entry_tag AS t
      WHERE t.entry_id = ${e}.id AND instr(lower(${e}.content), '#' || t.tag) = 0), '')
    || ' ' || ${['name', 'locality', 'area', 'country'].map((f) => placePart(`${e}.metadata`, f)).join(` || ' ' || `)})`;

const FTS_TRIGGERS = ['entry_fts_insert', 'entry_fts_delete', 'entry_fts_update'];
const TAG_TRIGGERS = ['entry_tag_search_more_insert', 'entry_tag_search_more_delete'];

/** Stores the entry's words beyond its text, only when they change (a tag its text carries writes nothing). */
const refresh = (id: string) =>
  `UPDATE entry SET search_more = ${searchMore('entry')} WHERE id = ${id} AND search_more IS NOT ${searchMore('entry')};`;

/**
 * The FTS5 table over `columns`, rebuilt from the entries, and the triggers that keep it in step. With search_more,
 * the index and the column must never disagree (an external-content index deletes with the values it is given), and
 * SQLite fires several triggers of one event in no documented order: so one trigger per event does all of it, in
 * order. On insert: index the row as written, then store its words (that update re-indexes it through the update
 * trigger). On update: take out the old row, index the new one with its words computed afresh, store them (the
 * trigger's own update does not fire it again: recursive triggers are off, SQLite's default).
 */
async function makeIndex(db: Kysely<any>, columns: string[]): Promise<void> {
  for (const name of FTS_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DROP TABLE IF EXISTS entry_fts`.execute(db);
  const more = columns.includes('search_more');
  const list = columns.join(', ');
  const values = (row: string, words = `${row}.search_more`) =>
    columns.map((c) => (c === 'search_more' ? words : `${row}.${c}`)).join(', ');
  await sql
    .raw(
      `CREATE VIRTUAL TABLE entry_fts USING fts5(${list}, content='entry', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`,
    )
    .execute(db);
  await sql`INSERT INTO entry_fts(entry_fts, rank) VALUES ('secure-delete', 1)`.execute(db);
  await sql`INSERT INTO entry_fts(entry_fts) VALUES ('rebuild')`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER entry_fts_insert AFTER INSERT ON entry BEGIN
    INSERT INTO entry_fts(rowid, ${list}) VALUES (new.id, ${values('new')});
    ${more ? refresh('new.id AND new.metadata IS NOT NULL') : ''}
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
  await sql
    .raw(
      `CREATE TRIGGER entry_fts_update AFTER UPDATE OF ${more ? `${list}, metadata` : list} ON entry BEGIN
    INSERT INTO entry_fts(entry_fts, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
    INSERT INTO entry_fts(rowid, ${list}) VALUES (new.id, ${more ? values('new', searchMore('new')) : values('new')});
    ${more ? refresh('new.id') : ''}
  END`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE entry ADD COLUMN search_more text NOT NULL DEFAULT ''`.execute(db);
  // Filled before the index is made, so the index is built once, not row by row.
  for (const name of FTS_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql
    .raw(
      `UPDATE entry SET search_more = ${searchMore('entry')} WHERE metadata IS NOT NULL OR id IN (SELECT entry_id FROM entry_tag)`,
    )
    .execute(db);
  await makeIndex(db, ['title', 'content', 'search_more']);
  // A tag the text carries as #tag changes nothing: the common case (a Telegram #hashtag) only reads the entry's text.
  const notInText = (row: string) =>
    `instr(lower((SELECT content FROM entry WHERE id = ${row}.entry_id)), '#' || ${row}.tag) = 0`;
  await sql
    .raw(
      `CREATE TRIGGER entry_tag_search_more_insert AFTER INSERT ON entry_tag WHEN ${notInText('new')} BEGIN ${refresh('new.entry_id')} END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER entry_tag_search_more_delete AFTER DELETE ON entry_tag WHEN ${notInText('old')} BEGIN ${refresh('old.entry_id')} END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of TAG_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  for (const name of FTS_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DROP TABLE IF EXISTS entry_fts`.execute(db);
  await db.schema.alterTable('entry').dropColumn('search_more').execute();
  await makeIndex(db, ['title', 'content']);
}
