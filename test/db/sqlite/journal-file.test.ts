// A file that is not a journal is never changed: recognised read-only before anything switches it to WAL or migrates.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotAJournalError } from '../../../src/db/database-file-error.ts';
import { inspectJournalFile } from '../../../src/db/sqlite/journal-file.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { knownMigrationNames } from '../../../src/db/migration-files.ts';
import { openDatabase } from '../../../src/db/sqlite/open-database.ts';
import { openAndMigrateJournal, openExistingJournal } from '../../../src/db/open-journal.ts';
import { REPO_ROOT } from '../../helpers/run-entry-point.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Another app's SQLite file, in rollback-journal mode as most apps leave it. */
function foreignDatabase(name: string, table = 'entries'): string {
  const file = path.join(dir, name);
  const db = new SQLite(file);
  db.exec(
    `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO ${table} (body) VALUES ('not yours')`,
  );
  db.close();
  return file;
}

async function journalAt(file: string): Promise<void> {
  const db = openDatabase(file);
  await migrateToLatest(db);
  await db.destroy();
}

describe('inspectJournalFile', () => {
  it('knows a journal, and the migrations it still lacks', async () => {
    const file = path.join(dir, 'journal.sqlite');
    await journalAt(file);
    expect(inspectJournalFile(file)).toEqual({ kind: 'journal', pending: [] });
    const raw = new SQLite(file);
    const last = knownMigrationNames().at(-1)!;
    raw.prepare('DELETE FROM kysely_migration WHERE name = ?').run(last);
    raw.close();
    expect(inspectJournalFile(file)).toEqual({ kind: 'journal', pending: [last] });
  });

  it('takes a database with no tables as blank, every migration still to apply', async () => {
    const file = path.join(dir, 'blank.sqlite');
    new SQLite(file).exec('PRAGMA user_version = 0; VACUUM');
    expect(inspectJournalFile(file)).toEqual({ kind: 'blank', pending: knownMigrationNames() });
    const steps = knownMigrationNames().length;
    await expect(openExistingJournal({ databaseUrl: null, databasePath: file })).rejects.toThrow(
      `${steps} schema steps to apply, from ${knownMigrationNames()[0]}`,
    );
  });

  it.each([
    ['an empty file', (f: string) => writeFileSync(f, ''), /is an empty file, not a journal; nothing was changed/],
    [
      'a text file',
      (f: string) => writeFileSync(f, 'dear diary\n'.repeat(200)),
      /is not a SQLite database .*nothing was changed/,
    ],
  ])('refuses %s, naming it', (_what, make, message) => {
    const file = path.join(dir, 'journal.sqlite');
    make(file);
    expect(() => inspectJournalFile(file)).toThrow(NotAJournalError);
    expect(() => inspectJournalFile(file)).toThrow(message);
    expect(() => inspectJournalFile(file)).toThrow(file);
  });

  it("refuses another application's database, listing its tables", () => {
    const file = foreignDatabase('other.sqlite');
    expect(() => inspectJournalFile(file)).toThrow(
      /is another application's database \(tables: entries\), not a journal; nothing was changed/,
    );
  });

  it('refuses a journal written by a newer version', async () => {
    const file = path.join(dir, 'journal.sqlite');
    await journalAt(file);
    const raw = new SQLite(file);
    raw
      .prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)')
      .run('2099_01_01_000000_future', new Date().toISOString());
    raw.close();
    expect(() => inspectJournalFile(file)).toThrow(
      /newer version of this bot \(its migration 2099_01_01_000000_future is unknown here\)/,
    );
  });
});

describe('opening', () => {
  it.each(['entries', 'entry'])(
    'leaves a foreign file with a table %s byte for byte unchanged, and adds no files',
    async (table) => {
      const file = foreignDatabase('other.sqlite', table);
      const before = readFileSync(file);
      const config = { databaseUrl: null, databasePath: file };
      await expect(openAndMigrateJournal(config)).rejects.toThrow(NotAJournalError);
      await expect(openExistingJournal(config)).rejects.toThrow(NotAJournalError);
      expect(readFileSync(file).equals(before)).toBe(true);
      expect(readdirSync(dir)).toEqual(['other.sqlite']);
    },
  );

  it('a read-only open of an older journal changes nothing and says to run npm run migrate', async () => {
    const file = path.join(dir, 'journal.sqlite');
    await journalAt(file);
    const raw = new SQLite(file);
    raw.prepare('DELETE FROM kysely_migration WHERE name = ?').run(knownMigrationNames().at(-1)!);
    raw.close();
    const config = { databaseUrl: null, databasePath: file };
    await expect(openExistingJournal(config)).rejects.toThrow(
      /1 schema step to apply.*nothing was changed\. Run `npm run migrate`/,
    );
    expect(inspectJournalFile(file)).toMatchObject({ pending: [knownMigrationNames().at(-1)] });
  });

  it('a missing file is created and migrated by a creating command, refused by a reading one', async () => {
    const file = path.join(dir, 'sub', 'journal.sqlite');
    await expect(openExistingJournal({ databaseUrl: null, databasePath: file })).rejects.toThrow(
      /There is no database at .*nothing was created/,
    );
    const { db, applied } = await openAndMigrateJournal({ databaseUrl: null, databasePath: file });
    expect(applied.length).toBe(knownMigrationNames().length);
    await db.destroy();
    expect(inspectJournalFile(file)).toEqual({ kind: 'journal', pending: [] });
  });

  it('waits for a write lock held by another process, saying so, then migrates', async () => {
    const file = path.join(dir, 'journal.sqlite');
    // Another process takes the write lock and holds it until told to let go on stdin.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `
      const db = new (require('better-sqlite3'))(process.argv[1]);
      db.pragma('journal_mode = WAL');
      db.exec('BEGIN EXCLUSIVE; CREATE TABLE held (x)');
      console.log('held');
      process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
    `,
        file,
      ],
      { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    const locked: number[] = [];
    // The first report comes after one busy timeout (5 s); the lock is let go then, and the next try succeeds.
    const { db, applied } = await openAndMigrateJournal(
      { databaseUrl: null, databasePath: file },
      { onLocked: (_where, waited) => (locked.push(waited), holder.stdin.write('go\n')), retryPauseMs: 200 },
    );
    await db.destroy();
    expect(locked).toHaveLength(1);
    expect(locked[0]).toBeGreaterThanOrEqual(4000);
    expect(applied.length).toBe(knownMigrationNames().length);
  }, 30_000);
});
