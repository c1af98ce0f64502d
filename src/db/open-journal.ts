/**
 * Opens the journal from the configuration (PostgreSQL when DATABASE_URL is set, else the SQLite file at
 * DATABASE_PATH), in one of two ways: for a command that uses an existing journal (never creating or migrating it),
 * or for one that may create it and brings its schema up to date.
 */
import { reindexSearchText, type ReindexProgress } from './search/search-reindex.ts';
import type { MigrationResult } from 'kysely';
import { DatabaseFileError } from './database-file-error.ts';
import { migrateToLatest, pendingMigrations } from './migrate.ts';
import { openDatabaseFile, type OpenOptions } from './sqlite/open-database.ts';
import type { JournalDb } from './journal-database.ts';
import { openPostgresDatabase } from './postgres/open-postgres.ts';
import { postgresUnreachable } from './postgres/postgres-unreachable.ts';
import { storageFailure } from './storage-failure.ts';

export interface StoreConfig {
  databaseUrl: string | null;
  databasePath: string;
  /** JOURNAL_KEY: encrypts the SQLite file; PostgreSQL is not touched by it. */
  journalKey?: string | null;
}

/** Where the journal is, for messages and logs: the SQLite file, or the PostgreSQL host and database (never the password). */
export function storeLabel(config: StoreConfig): string {
  if (!config.databaseUrl) return config.databasePath;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/** The app's JournalDb; `mustExist` applies to a SQLite file (a PostgreSQL database exists or the first query fails). */
export function openJournalDatabase(config: StoreConfig, options: OpenOptions = {}): JournalDb {
  return openJournalStore(config, options).db;
}

/**
 * openJournalDatabase, and the migrations an existing SQLite file lacks as its read-only check
 * (db/sqlite/journal-file.ts) read them; null where nothing was read yet (PostgreSQL, a new file, `:memory:`).
 */
function openJournalStore(config: StoreConfig, options: OpenOptions): { db: JournalDb; pending: string[] | null } {
  if (!config.databaseUrl) {
    const { db, found } = openDatabaseFile(config.databasePath, { key: config.journalKey ?? null, ...options });
    return { db, pending: found?.pending ?? null };
  }
  if (config.journalKey) {
    (options.warn ?? ((line: string) => process.stderr.write(`${line}\n`)))(
      'Warning: JOURNAL_KEY encrypts a SQLite journal only; the PostgreSQL database at DATABASE_URL is not encrypted by it.',
    );
  }
  return { db: openPostgresDatabase(config.databaseUrl, { log: options.log, warn: options.warn }), pending: null };
}

/**
 * For commands that only use a journal (journal, mcp, export, chat): it must exist and be at this code's schema.
 * Nothing is created or migrated; an older schema is an error that says to run `npm run migrate`.
 */
export async function openExistingJournal(
  config: StoreConfig,
  options: Omit<OpenOptions, 'mustExist'> = {},
): Promise<JournalDb> {
  const { db, pending: read } = openJournalStore(config, { ...options, mustExist: true });
  try {
    // A SQLite file's check has just read its migrations: that answer serves, the store is not asked again.
    const pending = read ?? (await firstQuery(config, () => pendingMigrations(db)));
    if (pending.length > 0) {
      throw new DatabaseFileError(
        `The journal at ${storeLabel(config)} is not ready for this version (${pending.length} schema step${pending.length === 1 ? '' : 's'} to apply, from ${pending[0]}); nothing was changed. Run \`npm run migrate\` (or start the bot) first.`,
        { setting: config.databaseUrl ? 'DATABASE_URL' : 'DATABASE_PATH' },
      );
    }
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** A store's first query: on PostgreSQL, a server that cannot be reached (or lacks the database) is one clear sentence. */
async function firstQuery<T>(config: StoreConfig, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw (config.databaseUrl && postgresUnreachable(error, config.databaseUrl)) || error;
  }
}

export interface MigrateOptions extends OpenOptions {
  /** Called while another process holds the journal's write lock, before each new try. */
  onLocked?: (where: string, waitedMs: number) => void;
  /** Ends the wait for a lock (a stop signal). */
  signal?: AbortSignal;
  /** Pause between tries after a lock timed out (each try waits the busy timeout first). */
  retryPauseMs?: number;
  /** Hears how far re-indexing the entries a migration left to index is (db/search/search-reindex.ts). */
  onReindex?: (progress: ReindexProgress) => void;
}

/**
 * For commands that may create the journal (start, migrate, import, demo): opens it and applies pending migrations.
 * While another process holds the write lock (a backup, a second process, a slow disk), it waits and tries again,
 * saying so through `onLocked`, instead of giving up after the busy timeout.
 */
export async function openAndMigrateJournal(
  config: StoreConfig,
  options: MigrateOptions = {},
): Promise<{ db: JournalDb; applied: MigrationResult[] }> {
  const { onLocked, signal, retryPauseMs = 1000, onReindex, ...openOptions } = options;
  const { db, pending } = openJournalStore(config, openOptions);
  const started = Date.now();
  try {
    // A SQLite file's check has just read its migrations: nothing pending (every start after the first) needs no second
    // look; with some pending, migrateToLatest asks again under the write lock, as another process may be applying them.
    if (pending?.length === 0) {
      await reindexSearchText(db, onReindex);
      return { db, applied: [] };
    }
    for (;;) {
      try {
        return { db, applied: await firstQuery(config, () => migrateToLatest(db, undefined, onReindex)) };
      } catch (error) {
        if (storageFailure(error)?.cause !== 'locked' || signal?.aborted) throw error;
        onLocked?.(storeLabel(config), Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
        if (signal?.aborted) throw error;
      }
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
