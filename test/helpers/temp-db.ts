// A migrated journal database for one test, on the store asked for: a SQLite file in its own temp dir (the default),
// PGlite (embedded PostgreSQL, one per vitest worker, emptied for each test), or the real PostgreSQL server at
// TEST_DATABASE_URL (a fresh schema per database, in the test file's own database: see test-schemas.ts). `cleanup` closes it and removes what it made.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { MIGRATIONS_FOLDER, migrationFiles } from '../../src/db/migration-files.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { openPostgresDatabase, postgresJournalDatabase } from '../../src/db/postgres/open-postgres.ts';
import { POSTGRES_MIGRATIONS_FOLDER } from '../../src/db/postgres/postgres-store.ts';
import { migratedPglite, pgliteDialect } from './pglite-pool.ts';
import { createTestSchema, RUN_PREFIX_ENV } from './test-schemas.ts';

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

// One PGlite per vitest worker (the files of a worker share their modules: vitest.config.ts): it takes seconds to
// start, an empty-out is cheap.
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

/**
 * This file's schemas on the real server that a finished test gave back, migrated: the next test empties one (a
 * TRUNCATE) instead of creating and migrating a schema, which costs ~0.4 s a test. Each test still has a schema of its
 * own while it runs, so a test may hold two. Outside a vitest run (the bench scripts) a schema is dropped on release.
 */
let returnedSchemas: string[] = [];

/** A new test file starts: it reuses only its own schemas (they live in its own database: test-schemas.ts). */
export function forgetReturnedSchemas(): void {
  returnedSchemas = [];
}

async function serverSchema(): Promise<{ url: string; reused: boolean; release(): Promise<void> }> {
  if (!TEST_DATABASE_URL)
    throw new Error('TEST_DATABASE_URL is not set: the postgres test store needs a server (postgres://…)');
  const inRun = Boolean(process.env[RUN_PREFIX_ENV]);
  const returned = inRun ? returnedSchemas.pop() : undefined;
  if (returned) return { url: returned, reused: true, release: async () => void returnedSchemas.push(returned) };
  const schema = await createTestSchema(TEST_DATABASE_URL, 'test');
  const url = urlWithSchema(schema.databaseUrl, schema.name);
  return { url, reused: false, release: inRun ? async () => void returnedSchemas.push(url) : schema.release };
}

/** The store createTempDb (and createTestApp) use when not told: SQLite, or the store of the describeStores block running. */
let defaultStore: TestStore = 'sqlite';

export function setDefaultStore(store: TestStore): void {
  defaultStore = store;
}

/**
 * A migrated SQLite journal to copy: applying the migrations costs 100-900 ms per database (more on a loaded machine)
 * and most tests make one or more, a file copy costs a millisecond. Made once per run in the temp dir, named by a
 * hash of the migrations and the key, so a changed schema (or another key) never copies an old file; written under
 * another name and renamed, so files started at once never read half a template.
 */
async function migratedSqliteTemplate(key: string | null): Promise<string> {
  const hash = createHash('sha256').update(key ?? '');
  for (const name of migrationFiles(MIGRATIONS_FOLDER))
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_FOLDER, name)));
  const template = path.join(tmpdir(), `journal-sqlite-${hash.digest('hex').slice(0, 16)}.sqlite`);
  if (existsSync(template)) return template;
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-template-'));
  try {
    const file = path.join(dir, 'journal.sqlite');
    const db = openDatabase(file, { key });
    await migrateToLatest(db);
    // Closing the last connection checkpoints the -wal into the file and deletes it: the file alone is the journal.
    await db.destroy();
    if (existsSync(`${file}-wal`)) throw new Error(`the template journal kept a -wal after closing: ${file}`);
    renameSync(file, template);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return template;
}

export async function createTempDb(store: TestStore = defaultStore): Promise<TempDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-test-'));
  const file = path.join(dir, 'journal.sqlite');
  let open: () => JournalDb;
  let dispose = async () => {};
  // PGlite's one database per worker, and a schema a finished test gave back, are migrated: they are emptied instead.
  let migrated = store === 'pglite';
  if (store === 'sqlite') {
    const key = testJournalKey();
    copyFileSync(await migratedSqliteTemplate(key), file);
    open = () => openDatabase(file, { key });
  } else if (store === 'pglite') {
    const pglite = await filePglite();
    open = () => postgresJournalDatabase(pgliteDialect(pglite));
  } else {
    const schema = await serverSchema();
    migrated = schema.reused;
    open = () => openPostgresDatabase(schema.url, { max: 4 });
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
  if (migrated) await emptyTables(temp.db);
  // The SQLite copy is migrated already; this finds nothing pending (and would apply any the template lacked).
  else await migrateToLatest(temp.db);
  return temp;
}
