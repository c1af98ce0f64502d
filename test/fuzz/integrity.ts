// The database checks every fuzz case ends with: SQLite's integrity_check, and FTS5's own integrity-check.
import { sql } from 'kysely';
import type { JournalDb } from '../../src/db/journal-database.ts';

export async function expectIntactDatabase(db: JournalDb): Promise<void> {
  const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
  if (rows.length !== 1 || rows[0]!.integrity_check !== 'ok')
    throw new Error(`integrity_check: ${JSON.stringify(rows)}`);
  // Throws (SQLITE_CORRUPT_VTAB) if the index and the entries disagree.
  await sql`INSERT INTO entry_fts(entry_fts) VALUES ('integrity-check')`.execute(db);
}
