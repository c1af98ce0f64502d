/**
 * Opens a PostgreSQL database (DATABASE_URL) behind the same JournalDb as SQLite: kysely's PostgresDialect over a
 * `pg` pool. Telegram ids exceed 2^31, so they are bigint columns; pg hands int8 (and numeric sums) back as strings
 * unless told otherwise, so this pool (not pg globally) parses them into numbers.
 */
import { createRequire } from 'node:module';
import type Pg from 'pg';
import { PostgresDialect, type Dialect, type KyselyConfig } from 'kysely';
import { JournalDatabase, type JournalDb } from '../journal-database.ts';
import { postgresStore } from './postgres-store.ts';

const INT8 = 20;
const NUMERIC = 1700;

/** An int8 as a JS number; one beyond 2^53 would lose digits silently, so it is an error instead. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new Error(`PostgreSQL returned ${text}, beyond what this app keeps exactly (2^53)`);
  return value;
}

/** How int8 and numeric are read, by type oid: the pool below and the tests' PGlite shim both use these. */
export const NUMBER_PARSERS: Readonly<Record<number, (text: string) => number>> = {
  [INT8]: parseInt8,
  [NUMERIC]: Number,
};

/** `pg` is loaded when a PostgreSQL store is opened, so a SQLite install never pays its start-up time. */
const loadPg = () => createRequire(import.meta.url)('pg') as typeof Pg;

function typeParsers(pg: typeof Pg): Pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      return NUMBER_PARSERS[oid] ?? pg.types.getTypeParser(oid, format);
    },
  };
}

export interface PostgresOptions {
  /** kysely's query log. */
  log?: KyselyConfig['log'];
  /** Where an idle connection's failure (the server restarted) is reported; the pool replaces the connection. */
  warn?: (line: string) => void;
  /** Connections in the pool; default 10. */
  max?: number;
}

/** The JournalDb over any PostgreSQL dialect (the pool below, or an embedded PGlite in tests). */
export function postgresJournalDatabase(dialect: Dialect, log?: KyselyConfig['log']): JournalDb {
  return new JournalDatabase(dialect, postgresStore(), log);
}

/** The JournalDb at `url` (postgres://…); `db.destroy()` ends the pool. Nothing connects until the first query. */
export function openPostgresDatabase(url: string, options: PostgresOptions = {}): JournalDb {
  const pg = loadPg();
  const pool = new pg.Pool({ connectionString: url, types: typeParsers(pg), max: options.max ?? 10 });
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Without a listener an idle connection's error would end the process; the pool drops that connection itself.
  pool.on('error', (error) => warn(`PostgreSQL connection lost: ${error.message}`));
  return postgresJournalDatabase(new PostgresDialect({ pool }), options.log);
}
