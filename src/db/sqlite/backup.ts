/**
 * A consistent copy of a live journal (safe while the bot writes), then an integrity check: SQLite's online backup for a
 * plain journal; for an encrypted one, VACUUM INTO a copy encrypted with the same key (db/sqlite/journal-key.ts).
 */
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { waitForConversion } from './conversion-lock.ts';
import { refuseForeignWal } from './wal-format.ts';
import { copyWithKey, openJournalConnection, openSqliteConnection } from './journal-key.ts';

export interface BackupResult {
  file: string;
  pages: number;
  /** `ok`, or what PRAGMA integrity_check found. */
  integrity: string;
}

/** Copies `source` to `destination` (which must not exist yet); the copy is 0600 like the journal, and keyed like it. */
export async function backupDatabase(
  source: string,
  destination: string,
  key: string | null = null,
): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`${source} does not exist (check DATABASE_PATH)`);
  if (existsSync(destination)) throw new Error(`${destination} already exists; choose another file name`);
  // A conversion under way is waited for (its copy is not the journal yet); a -wal of the wrong format is refused.
  waitForConversion(source);
  refuseForeignWal(source);
  // The key is checked on the journal first: a wrong or missing one is a JournalKeyError, not a failed copy.
  openJournalConnection(source, key).close();
  mkdirSync(path.dirname(path.resolve(destination)), { recursive: true, mode: 0o700 });
  // Created first, so the copy is private from its first byte.
  closeSync(openSync(destination, 'wx', 0o600));
  let pages: number;
  if (key === null) {
    const live = new SQLite(source, { fileMustExist: true });
    try {
      live.pragma('busy_timeout = 5000');
      pages = (await live.backup(destination)).totalPages;
    } finally {
      live.close();
    }
  } else {
    copyWithKey(source, key, destination, key);
    pages = 0;
  }
  // The copy starts in the journal's WAL mode; switched to a rollback journal it is one self-contained file, with no
  // -wal or -shm beside it once closed (the bot switches a restored journal back to WAL at its start).
  const copy = openSqliteConnection(destination, key, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const rows = copy.pragma('integrity_check') as { integrity_check: string }[];
    if (key !== null) pages = copy.pragma('page_count', { simple: true }) as number;
    return { file: destination, pages, integrity: rows.map((r) => r.integrity_check).join('; ') };
  } finally {
    copy.close();
  }
}
