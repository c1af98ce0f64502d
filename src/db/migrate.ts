/** Applies the migrations in migrations/ with kysely's Migrator; reports each, never half-silent. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import { knownMigrationNames, migrationFiles } from './migration-files.ts';
import type { UntypedStoreDb } from './store.ts';
import { reindexSearchText, type ReindexProgress } from './search/search-reindex.ts';
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
        const module = (await import(pathToFileURL(path.join(folder, file)).href)) as Partial<Migration> & {
          default?: Partial<Migration>;
        };
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
export async function migrateToLatest(
  db: UntypedStoreDb,
  folder = db.store.migrationFolder,
  onReindex?: (progress: ReindexProgress) => void,
): Promise<MigrationResult[]> {
  // The entries a migration left to index (or an interrupted run did), after the schema is complete: a folder of other
  // migrations (a test's old schema) has no search_text to fill.
  const reindex = async () => {
    if (folder === db.store.migrationFolder) await reindexSearchText(db, onReindex);
  };
  // Nothing to apply (every start after the first): known from the names, with no migration's code loaded.
  if ((await pendingMigrations(db, folder)).length === 0) {
    await reindex();
    return [];
  }
  const migrationTableSchema = await db.store.migrationSchema(db);
  const { error, results = [] } = await db.store.oneMigrationAtATime(db, (conn) =>
    new Migrator({ db: conn, provider: folderMigrations(folder), migrationTableSchema }).migrateToLatest(),
  );
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${errorReason(error)}`, { cause: error });
  }
  await reindex();
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
  return {
    getMigrations: async () => Object.fromEntries(knownMigrationNames(folder).map((name) => [name, { up: notLoaded }])),
  };
}

/** The migrations of the store's folder not yet applied to this database, by name; reads only, creates nothing. */
export async function pendingMigrations(db: UntypedStoreDb, folder = db.store.migrationFolder): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: namesOnly(folder),
    migrationTableSchema: await db.store.migrationSchema(db),
  });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
