/** Chooses the store from the configuration: PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH. */
import { openDatabase, type JournalDb, type OpenOptions } from './open-database.ts';
import { openPostgresDatabase } from './open-postgres.ts';

export interface StoreConfig {
  databaseUrl: string | null;
  databasePath: string;
}

/** Where the journal is, for messages and logs: the SQLite file, or the PostgreSQL host and database (never the password). */
export function storeLabel(config: StoreConfig): string {
  if (!config.databaseUrl) return config.databasePath;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/** The app's JournalDb; `mustExist` applies to a SQLite file (a PostgreSQL database exists or the first query fails). */
export function openJournalDatabase(config: StoreConfig, options: OpenOptions = {}): JournalDb {
  return config.databaseUrl ? openPostgresDatabase(config.databaseUrl, { log: options.log, warn: options.warn }) : openDatabase(config.databasePath, options);
}
