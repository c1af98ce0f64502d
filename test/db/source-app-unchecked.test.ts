// Migration 2026_12_04_000500: `source_app` loses its CHECK, so a new importer needs no migration. On SQLite the
// entry table is rebuilt: its rows, ids, AUTOINCREMENT mark, children (ON DELETE CASCADE) and its indexes and
// triggers (read from sqlite_master, recreated verbatim) all survive; on PostgreSQL the constraint is dropped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrationFiles } from '../../src/db/migration-files.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { sourceAppOf } from '../../src/journal/entries/entry-source.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb } from '../helpers/temp-db.ts';

const MIGRATION = '2026_12_04_000500_entry_source_app_unchecked';

/** The SQLite migrations before this one, applied as they were (the store's migrate applies them all). */
const before: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of migrationFiles(MIGRATIONS_FOLDER).filter((f) => f < MIGRATION)) {
      migrations[file.replace(/\.ts$/, '')] = (await import(
        pathToFileURL(path.join(MIGRATIONS_FOLDER, file)).href
      )) as Migration;
    }
    return migrations;
  },
};

/** The SQLite migrations up to this one, inclusive. */
const upTo: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of migrationFiles(MIGRATIONS_FOLDER).filter((f) => f.replace(/\.ts$/, '') <= MIGRATION)) {
      migrations[file.replace(/\.ts$/, '')] = (await import(
        pathToFileURL(path.join(MIGRATIONS_FOLDER, file)).href
      )) as Migration;
    }
    return migrations;
  },
};

const entryRow = (messageId: number, content: string, app = 'telegram') => sql`
  INSERT INTO entry (owner_id, source, chat_id, message_id, written_at, local_day, local_time, title, content, created_at, source_app)
  VALUES (1, 'live', 10, ${messageId}, '2026-01-01T10:00:00.000Z', '2026-01-01', '10:00', ${content}, ${content}, '2026-01-01T10:00:00.000Z', ${app})`;

const schemaOf = async (db: JournalDb) =>
  (
    await sql<{
      type: string;
      name: string;
      sql: string;
    }>`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'entry' AND type IN ('index', 'trigger') ORDER BY name`.execute(
      db,
    )
  ).rows;

describe('source_app without a CHECK (SQLite table rebuild)', () => {
  let dir: string | undefined;
  let db: JournalDb | undefined;
  afterEach(async () => {
    await db?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps rows, ids, the AUTOINCREMENT mark, children, indexes and triggers; takes any app', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'source-app-'));
    db = openDatabase(path.join(dir, 'journal.db'));
    const { error } = await new Migrator({ db, provider: before }).migrateToLatest();
    expect(error).toBeUndefined();
    await expect(entryRow(1, 'a new app', 'someapp').execute(db)).rejects.toThrow(/CHECK/);
    await entryRow(1, 'river walk').execute(db);
    await entryRow(2, 'kept with its tag').execute(db);
    await entryRow(3, 'forgotten at the end').execute(db);
    await sql`DELETE FROM entry WHERE message_id = 3`.execute(db);
    await sql`INSERT INTO entry_tag (entry_id, owner_id, tag) SELECT id, 1, 'walk' FROM entry WHERE message_id = 2`.execute(
      db,
    );
    const dependents = await schemaOf(db);
    expect(dependents.some((d) => d.type === 'trigger')).toBe(true);

    // Up to this migration: a later one (2026_12_05_000100_search_text) remakes the search triggers on purpose.
    // As migrateToLatest runs them: foreign keys off while the table is rebuilt, checked before the commit.
    const { results: applied = [] } = await db.store.oneMigrationAtATime(db, (conn) =>
      new Migrator({ db: conn, provider: upTo }).migrateToLatest(),
    );
    expect(applied.map((r) => r.migrationName)).toContain(MIGRATION);

    expect(await schemaOf(db)).toEqual(dependents);
    const tableSql = (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'entry'`.execute(db))
      .rows[0]!.sql;
    expect(tableSql).not.toMatch(/source_app\s+in/i);
    expect(tableSql).toMatch(/source in \('live', 'import'\)/); // other CHECKs stay
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM entry_tag`.execute(db)).rows[0]!.n).toBe(1);
    // An id is never reused: the next one follows the forgotten entry's.
    await entryRow(4, 'from an app added later', 'someapp').execute(db);
    const ids = (
      await sql<{ id: number; source_app: string }>`SELECT id, source_app FROM entry ORDER BY id`.execute(db)
    ).rows;
    expect(ids).toEqual([
      { id: 1, source_app: 'telegram' },
      { id: 2, source_app: 'telegram' },
      { id: 4, source_app: 'someapp' },
    ]);
    // The recreated FTS triggers index new rows; the old rows stay found.
    const found = await sql<{
      rowid: number;
    }>`SELECT rowid FROM entry_fts WHERE entry_fts MATCH 'river OR added' ORDER BY rowid`.execute(db);
    expect(found.rows.map((r) => r.rowid)).toEqual([1, 4]);
    // Cascades still hold after the rebuild (foreign keys are back on).
    await sql`DELETE FROM entry WHERE id = 2`.execute(db);
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM entry_tag`.execute(db)).rows[0]!.n).toBe(0);
  });
});

describe('source_app is validated in code', () => {
  it('takes the apps the importers and the web view name and refuses others, saying which it takes', () => {
    expect(sourceAppOf('dayone')).toBe('dayone');
    expect(sourceAppOf('web')).toBe('web');
    expect(() => sourceAppOf('evernote')).toThrow(
      'source_app must be one of telegram, dayone, jrnl, markdown, web, got "evernote"',
    );
  });
});

describeStores('source_app without a CHECK', () => {
  it('stores an app no migration listed', async () => {
    const temp = await createTempDb();
    try {
      await entryRow(1, 'from an app added later', 'someapp').execute(temp.db);
      expect((await sql<{ source_app: string }>`SELECT source_app FROM entry`.execute(temp.db)).rows).toEqual([
        { source_app: 'someapp' },
      ]);
    } finally {
      await temp.cleanup();
    }
  });
});
