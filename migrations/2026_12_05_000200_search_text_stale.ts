// search_text is written by the app (src/db/search-text.ts stems in JS), so a write from outside the app (sqlite3, a
// script, Datasette) that changes an entry's title or text left the old words indexed: the entry was found by what it
// no longer says and not by what it says. A trigger cannot stem, but it can mark: when the title or text changes and
// search_text does not, search_text becomes null and the index drops the old words, and the app indexes the entries
// still null at its next start (src/db/search-reindex.ts, the same resumable pass as after 2026_12_05_000100). The app
// writes both in one statement; when the words come out the same (an edit of punctuation only) it writes them again
// (src/journal/entries/entry.ts writeEntryText). A raw INSERT leaves search_text null already; tags and place are kept
// in search_more by triggers of their own.
// The mark lives inside the index's own update trigger: a second trigger updating the row would fire that one again
// in the middle (SQLite fires the newer trigger first), deleting from the external-content index words it no longer
// holds, which corrupts it; a trigger's own UPDATE fires no copy of itself (recursive_triggers is off).
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

/** A place field of `metadata`, '' when absent or when the metadata is not JSON: as 2026_12_05_000100 wrote it. */
const placePart = (metadata: string, field: string) =>
  `coalesce(CASE WHEN json_valid(${metadata}) THEN json_extract(${metadata}, '$.place.${field}') END, '')`;

const tagWords = (e: string) =>
  `(SELECT group_concat(tag, ' ') FROM (SELECT t.tag AS tag FROM entry_tag AS t
      WHERE t.entry_id = ${e}.id AND instr(lower(${e}.content), '#' || t.tag) = 0 ORDER BY t.tag))`;

const searchMore = (e: string) =>
  `trim(coalesce(${tagWords(e)}, '')
    || ' ' || ${['name', 'locality', 'area', 'country'].map((f) => placePart(`${e}.metadata`, f)).join(` || ' ' || `)})`;

const refresh = (id: string) =>
  `UPDATE entry SET search_more = ${searchMore('entry')} WHERE id = ${id} AND search_more IS NOT ${searchMore('entry')};`;

/** The row's title or text changed and its words did not: a write from outside the app. */
const STALE = `new.search_text IS NOT NULL AND new.search_text IS old.search_text
  AND (new.title IS NOT old.title OR new.content IS NOT old.content)`;

async function updateTrigger(db: Kysely<any>, marks: boolean): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS entry_fts_update`.execute(db);
  const words = marks ? `CASE WHEN ${STALE} THEN NULL ELSE new.search_text END` : 'new.search_text';
  await sql
    .raw(
      `CREATE TRIGGER entry_fts_update AFTER UPDATE OF search_text, search_more, content, metadata${marks ? ', title' : ''} ON entry BEGIN
    INSERT INTO entry_fts(entry_fts, rowid, search_text, search_more) VALUES ('delete', old.id, old.search_text, old.search_more);
    INSERT INTO entry_fts(rowid, search_text, search_more) VALUES (new.id, ${words}, ${searchMore('new')});
    ${refresh('new.id')}
    ${marks ? `UPDATE entry SET search_text = NULL WHERE id = new.id AND ${STALE};` : ''}
  END`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await updateTrigger(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await updateTrigger(db, false);
}
