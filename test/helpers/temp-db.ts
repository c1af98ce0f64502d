// A migrated journal database for one test, on the store asked for: a SQLite file in its own temp dir (the default),
// PGlite (embedded PostgreSQL, one per test file, emptied for each test), or the real PostgreSQL server at
// TEST_DATABASE_URL (a fresh schema per database, in the test file's own database: see test-schemas.ts). `cleanup` closes it and removes what it made.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase, type JournalDb } from '../../src/db/open-database.ts';
import { openPostgresDatabase, postgresJournalDatabase } from '../../src/db/open-postgres.ts';
import { POSTGRES_MIGRATIONS_FOLDER } from '../../src/db/postgres-store.ts';
import { migratedPglite, pgliteDialect } from './pglite-pool.ts';
import { createTestSchema } from './test-schemas.ts';

/** sqlite: a temp file; pglite: embedded PostgreSQL; postgres: the server at TEST_DATABASE_URL. */
export type TestStore = 'sqlite' | 'pglite' | 'postgres';

export interface TempDb {
  db: JournalDb;
  store: TestStore;
  dir: string;
  /** The SQLite file (for the SQLite store; a path in `dir` that is never created otherwise). */
  file: string;
  /** Another JournalDb on the same database, as a second process would open (the caller destroys it). */
  openAnother(): JournalDb;
  /** Closes and opens the same database again, as a restart would. */
  reopen(): Promise<JournalDb>;
  cleanup(): Promise<void>;
}

/**
 * TEST_JOURNAL_KEY: SQLite test journals are encrypted with it (as JOURNAL_KEY would), so a suite runs on encrypted
 * files too (`TEST_JOURNAL_KEY=… npx vitest run …`; test/db/encrypted-suites.test.ts sets it for a few suites). Read
 * at each open, so a test file may set it before its suites run.
 */
export function testJournalKey(): string | null {
  return process.env.TEST_JOURNAL_KEY || null;
}

/** The real server's URL, when the run has one. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

// One PGlite per test file (vitest loads this module once per file): it takes seconds to start, an empty-out is cheap.
let sharedPglite: Promise<PGlite> | undefined;

/** The file's PGlite, migrated; started on first use (describeStores starts it in a hook with a long timeout). */
export function filePglite(): Promise<PGlite> {
  sharedPglite ??= migratedPglite(POSTGRES_MIGRATIONS_FOLDER, async (pglite) => {
    const db = postgresJournalDatabase(pgliteDialect(pglite));
    await migrateToLatest(db);
    await db.destroy();
  });
  return sharedPglite;
}

async function emptyTables(db: JournalDb): Promise<void> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely_%'`.execute(
    db,
  );
  if (rows.length)
    await sql.raw(`TRUNCATE ${rows.map((r) => `"${r.name}"`).join(', ')} RESTART IDENTITY CASCADE`).execute(db);
}

/** A URL whose connections use `schema` first (pg passes `options` to the server). */
export function urlWithSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** The store createTempDb (and createTestApp) use when not told: SQLite, or the store of the describeStores block running. */
let defaultStore: TestStore = 'sqlite';

export function setDefaultStore(store: TestStore): void {
  defaultStore = store;
}

export async function createTempDb(store: TestStore = defaultStore): Promise<TempDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-test-'));
  const file = path.join(dir, 'journal.sqlite');
  let open: () => JournalDb;
  let dispose = async () => {};
  if (store === 'sqlite') {
    const key = testJournalKey();
    open = () => openDatabase(file, { key });
  } else if (store === 'pglite') {
    const pglite = await filePglite();
    open = () => postgresJournalDatabase(pgliteDialect(pglite));
  } else {
    if (!TEST_DATABASE_URL)
      throw new Error('TEST_DATABASE_URL is not set: the postgres test store needs a server (postgres://…)');
    const schema = await createTestSchema(TEST_DATABASE_URL, 'test');
    const url = urlWithSchema(schema.databaseUrl, schema.name);
    open = () => openPostgresDatabase(url, { max: 4 });
    dispose = schema.release;
  }
  const temp: TempDb = {
    db: open(),
    store,
    dir,
    file,
    openAnother: () => open(),
    async reopen() {
      await temp.db.destroy();
      temp.db = open();
      await migrateToLatest(temp.db);
      return temp.db;
    },
    async cleanup() {
      await temp.db.destroy().catch(() => undefined);
      await dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (store === 'pglite') await emptyTables(temp.db);
  else await migrateToLatest(temp.db);
  return temp;
}
