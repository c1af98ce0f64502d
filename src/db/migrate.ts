/** Applies the migrations in migrations/ with kysely's Migrator; reports each, never half-silent. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, sql, SqliteAdapter, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import { isPostgres } from './claim-lock.ts';
import { knownMigrationNames, MIGRATIONS_FOLDER, migrationFiles } from './migration-files.ts';
import type { Store } from './store.ts';
import type { UntypedDb } from './untyped-db.ts';
import { errorReason } from '../log/error-message.ts';

/**
 * Every migration file in the folder, by name. Our own import() (not kysely's FileMigrationProvider) so vitest
 * and tsx transform the .ts migrations, whichever kysely version is installed.
 */
function folderMigrations(folder: string): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const file of migrationFiles(folder)) {
        const module = (await import(pathToFileURL(path.join(folder, file)).href)) as Partial<Migration> & { default?: Partial<Migration> };
        const migration = typeof module.up === 'function' ? module : module.default;
        if (typeof migration?.up !== 'function') throw new Error(`Migration ${file} exports no up() function`);
        migrations[file.replace(/\.[^.]+$/, '')] = { up: migration.up, down: migration.down };
      }
      return migrations;
    },
  };
}

/**
 * Brings the schema to the latest migration; throws (with cause) if one fails. UntypedDb: kysely's migration
 * signature. A JournalDb brings its store's folder (migrations/ for SQLite, migrations/postgres/ for PostgreSQL).
 */
export async function migrateToLatest(db: UntypedDb, folder = (db as { store?: Store }).store?.migrationFolder ?? MIGRATIONS_FOLDER): Promise<MigrationResult[]> {
  // Nothing to apply (every start after the first): known from the names, with no migration's code loaded.
  if ((await pendingMigrations(db, folder)).length === 0) return [];
  const migrationTableSchema = await ownSchema(db);
  const { error, results = [] } = await oneAtATime(db, (conn) => new Migrator({ db: conn, provider: folderMigrations(folder), migrationTableSchema }).migrateToLatest());
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${errorReason(error)}`, { cause: error });
  }
  return results;
}

/**
 * The folder's migrations by name only: enough for kysely to say which are applied, without loading any of their
 * code (each is a module to read and compile, at every start of every command).
 */
function namesOnly(folder: string): MigrationProvider {
  const notLoaded = async () => {
    throw new Error('this migration was listed by name only; migrateToLatest loads it');
  };
  return { getMigrations: async () => Object.fromEntries(knownMigrationNames(folder).map((name) => [name, { up: notLoaded }])) };
}

/** The migrations of the store's folder not yet applied to this database, by name; reads only, creates nothing. */
export async function pendingMigrations(db: UntypedDb, folder = (db as { store?: Store }).store?.migrationFolder ?? MIGRATIONS_FOLDER): Promise<string[]> {
  const migrator = new Migrator({ db, provider: namesOnly(folder), migrationTableSchema: await ownSchema(db) });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * On PostgreSQL, the schema the connection works in (its search_path). kysely looks for its migration tables in any
 * schema unless told one: beside another schema's journal (or another kysely app's tables) in the same database it
 * would find theirs, skip creating its own, and fail.
 */
async function ownSchema(db: UntypedDb): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  return (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema;
}

/**
 * On SQLite kysely migrates outside a transaction and takes no lock, so instances starting together on one file would
 * run the same migration twice. One immediate transaction around the run makes them take turns (SQLite's DDL is
 * transactional); the later ones then find nothing to do. PostgreSQL needs nothing: kysely holds an advisory lock.
 */
async function oneAtATime<T>(db: UntypedDb, run: (conn: UntypedDb) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return run(db);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await run(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
