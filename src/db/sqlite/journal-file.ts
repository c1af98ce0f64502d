/**
 * Tells a journal from any other file before anything writes to it. Opening a SQLite file the usual way switches it
 * to WAL and the migrator adds tables: pointed at another app's database (or a text file, or an empty file), that
 * would change someone else's data. So the file is first read through a read-only connection, and only a journal,
 * or a database with no tables at all, goes on to be opened for writing.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { JournalKeyError, NotAJournalError } from '../database-file-error.ts';
import { checkKey, openSqliteConnection, type SqliteConnection } from './journal-key.ts';
import { knownMigrationNames } from '../migration-files.ts';
import { errorReason } from '../../log/error-message.ts';

const SQLITE_HEADER = 'SQLite format 3\0';
const MIGRATION_TABLE = 'kysely_migration';

/**
 * What the file is: a journal or a database with no tables yet, with the migrations this code has that it lacks (all
 * of them for a blank one): the same answer the migrator would give, read once at open.
 */
export interface JournalFileState {
  kind: 'journal' | 'blank';
  pending: string[];
}

/** How long an empty file may take to get its first page: another instance may have just created the journal. */
const FIRST_PAGE_WAIT_MS = 1000;

/** True when the file is empty and stays empty for FIRST_PAGE_WAIT_MS (a blocking wait: this runs once, at open). */
function isEmptyForLong(file: string): boolean {
  const waitUntil = Date.now() + FIRST_PAGE_WAIT_MS;
  while (statSync(file).size === 0) {
    if (Date.now() >= waitUntil) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  return false;
}

function readHeader(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads an existing file without changing it and says whether it is a journal. Throws NotAJournalError for an empty
 * file, a file that is not SQLite, another application's database, or a journal of a newer version of this code.
 * An encrypted journal is read with its key (JOURNAL_KEY); a wrong or missing key is a JournalKeyError.
 */
export function inspectJournalFile(file: string, key: string | null = null): JournalFileState {
  const where = path.resolve(file);
  const unchanged = 'nothing was changed';
  if (isEmptyForLong(file)) {
    throw new NotAJournalError(
      `${where} is an empty file, not a journal; ${unchanged}. Point DATABASE_PATH at your journal, or delete the file to start a new journal there.`,
    );
  }
  const plainSqlite = readHeader(file) === SQLITE_HEADER;
  let sqlite: SqliteConnection;
  let tables: string[];
  let applied: string[] = [];
  try {
    sqlite = openSqliteConnection(file, key, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new NotAJournalError(`${where} cannot be read as a journal (${errorReason(error)}); ${unchanged}.`);
  }
  try {
    if (key !== null) checkKey(sqlite, file, true);
    tables = (
      sqlite
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`)
        .all() as { name: string }[]
    ).map((r) => r.name);
    if (tables.includes(MIGRATION_TABLE))
      applied = (sqlite.prepare(`SELECT name FROM ${MIGRATION_TABLE}`).all() as { name: string }[]).map((r) => r.name);
  } catch (error) {
    if (error instanceof JournalKeyError) throw error;
    const reason = errorReason(error);
    if (plainSqlite) throw new NotAJournalError(`${where} cannot be read as a journal (${reason}); ${unchanged}.`);
    throw new NotAJournalError(
      `${where} is not a SQLite database (${reason}); ${unchanged}. If it is an encrypted journal, set JOURNAL_KEY (or JOURNAL_KEY_FILE) to its key.`,
    );
  } finally {
    sqlite.close();
  }
  const known = knownMigrationNames();
  if (tables.length === 0) return { kind: 'blank', pending: known };
  if (!tables.includes(MIGRATION_TABLE) || !applied.some((name) => known.includes(name))) {
    const listed = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, … (${tables.length} tables)` : '');
    throw new NotAJournalError(
      `${where} is another application's database (tables: ${listed}), not a journal; ${unchanged}. Point DATABASE_PATH at your journal.`,
    );
  }
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new NotAJournalError(
      `${where} was last opened by a newer version of this bot (its migration ${unknown[0]} is unknown here); ${unchanged}. Update the code to open it.`,
    );
  }
  return { kind: 'journal', pending: known.filter((name) => !applied.includes(name)) };
}
