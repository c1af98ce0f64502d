// A migrated SQLite file in its own temp dir; `cleanup` closes it and removes the dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase, type JournalDb } from '../../src/db/open-database.ts';

export interface TempDb {
  db: JournalDb;
  dir: string;
  file: string;
  /** Closes and opens the same file again, as a restart would. */
  reopen(): Promise<JournalDb>;
  cleanup(): Promise<void>;
}

export async function createTempDb(): Promise<TempDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-test-'));
  const file = path.join(dir, 'journal.sqlite');
  const temp: TempDb = {
    db: openDatabase(file),
    dir,
    file,
    async reopen() {
      await temp.db.destroy();
      temp.db = openDatabase(file);
      await migrateToLatest(temp.db);
      return temp.db;
    },
    async cleanup() {
      await temp.db.destroy().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await migrateToLatest(temp.db);
  return temp;
}
