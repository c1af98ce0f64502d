// The journal is private: a new database and its -wal/-shm files are 0600, folders created for it 0700, and an
// existing file others can read gets one warning line and keeps its mode.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { openDatabase } from '../../../src/db/sqlite/open-database.ts';
import { looseModeWarning } from '../../../src/db/sqlite/private-files.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-modes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('private files', () => {
  it('creates the folders 0700 and the database, -wal and -shm 0600, without a warning', async () => {
    const file = path.join(dir, 'new', 'nested', 'journal.sqlite');
    const warnings: string[] = [];
    const db = openDatabase(file, { warn: (line) => warnings.push(line) });
    await migrateToLatest(db); // writes, so the -wal and -shm files exist
    try {
      expect(modeOf(path.join(dir, 'new'))).toBe(0o700);
      expect(modeOf(path.join(dir, 'new', 'nested'))).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f)).toBe(0o600);
      expect(warnings).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('warns once about an existing journal others can read, and leaves its mode alone', async () => {
    const file = path.join(dir, 'journal.sqlite');
    // A database with no tables yet (an empty file is not a journal and is refused untouched).
    new SQLite(file).pragma('user_version = 1');
    chmodSync(file, 0o644);
    const warnings: string[] = [];
    const db = openDatabase(file, { warn: (line) => warnings.push(line) });
    await db.destroy();
    expect(warnings).toEqual([looseModeWarning(file, 0o644)]);
    expect(warnings[0]).toContain(`chmod 600 ${file}`);
    expect(modeOf(file)).toBe(0o644);
  });
});
