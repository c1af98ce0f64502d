/** Chooses the store from the configuration: PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH. */
import { openDatabase, type JournalDb, type OpenOptions } from './open-database.ts';
import { openPostgresDatabase } from './open-postgres.ts';

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
  if (!config.databaseUrl) return openDatabase(config.databasePath, { key: config.journalKey ?? null, ...options });
  if (config.journalKey) {
    (options.warn ?? ((line: string) => process.stderr.write(`${line}\n`)))('Warning: JOURNAL_KEY encrypts a SQLite journal only; the PostgreSQL database at DATABASE_URL is not encrypted by it.');
  }
  return openPostgresDatabase(config.databaseUrl, { log: options.log, warn: options.warn });
}
