// `source_app` loses its CHECK (source_app in (...)): the app an entry came from is validated in code
// (src/journal/entry-source.ts, against the importers' list), so a new importer needs no migration.
// SQLite cannot drop a CHECK in place: `entry` is rebuilt from its own stored SQL with the CHECK cut out, and its
// indexes and triggers are read from sqlite_master first and recreated verbatim (never written out here: another
// migration may have rewritten them). Foreign keys are off while migrations run (db/sqlite-store.ts), so dropping
// the old table cascades to none of its children; ids and the AUTOINCREMENT high-water mark are kept.
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

/** The column's CHECK as SQLite stores it after `ADD COLUMN ... CHECK`, in whatever quoting and spacing. */
const SOURCE_APP_CHECK = /\s+check\s*\(\s*["`]?source_app["`]?\s+in\s*\([^()]*\)\s*\)/i;

interface SchemaRow {
  type: string;
  name: string;
  sql: string | null;
}

export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await sql<SchemaRow>`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'entry'`.execute(db))
    .rows;
  const table = rows.find((r) => r.type === 'table' && r.name === 'entry');
  if (!table?.sql) throw new Error('no entry table to rebuild');
  if (!SOURCE_APP_CHECK.test(table.sql)) return; // already without it
  // Automatic indexes (a UNIQUE or PRIMARY KEY's) have no SQL and come back with the table.
  const dependents = rows.filter((r) => (r.type === 'index' || r.type === 'trigger') && r.sql !== null);
  const createNext = table.sql
    .replace(SOURCE_APP_CHECK, '')
    .replace(/^CREATE TABLE\s+("entry"|`entry`|\[entry\]|'entry'|entry)(?=\s*\()/i, 'CREATE TABLE entry_next');
  if (!createNext.startsWith('CREATE TABLE entry_next'))
    throw new Error(`cannot read the entry table's SQL: ${table.sql.slice(0, 80)}`);
  const sequence = (await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'entry'`.execute(db))
    .rows[0]?.seq;
  await sql.raw(createNext).execute(db);
  // Same columns in the same order (the SQL is the old table's), ids included.
  await sql`INSERT INTO entry_next SELECT * FROM entry`.execute(db);
  await sql`DROP TABLE entry`.execute(db);
  // Triggers of other tables name `entry` (gone for this moment): the legacy rename neither checks nor rewrites them.
  const legacy =
    (await sql<{ legacy_alter_table: number }>`PRAGMA legacy_alter_table`.execute(db)).rows[0]?.legacy_alter_table ?? 0;
  await sql`PRAGMA legacy_alter_table = ON`.execute(db);
  await sql`ALTER TABLE entry_next RENAME TO entry`.execute(db);
  await sql.raw(`PRAGMA legacy_alter_table = ${Number(legacy)}`).execute(db);
  if (sequence !== undefined) {
    // An id is never reused, even one of an entry forgotten at the end.
    await sql`DELETE FROM sqlite_sequence WHERE name = 'entry'`.execute(db);
    await sql`INSERT INTO sqlite_sequence (name, seq) VALUES ('entry', ${sequence})`.execute(db);
  }
  for (const dependent of dependents) await sql.raw(dependent.sql!).execute(db);
}

export async function down(): Promise<void> {
  // The CHECK is not put back: entries of apps added since would break it.
}
