/** Opens the SQLite file behind a kysely instance: WAL, foreign keys, a busy timeout. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Dialect, type KyselyConfig, type SqliteDialectConfig } from 'kysely';
import type { Database } from './schema.ts';
import { createPrivateFile, looseModeWarnings } from './private-files.ts';
import { CompiledQueries } from './compiled-queries.ts';
import { sqliteStore } from './sqlite-store.ts';
import { StatementCache } from './statement-cache.ts';
import type { Store } from './store.ts';

/**
 * Transactions take the write lock when they begin (`BEGIN IMMEDIATE`), not at their first write. With several
 * processes on one file (instances in WAL mode), a deferred transaction that read first and then writes fails at
 * once with SQLITE_BUSY if another process wrote in between (the busy timeout does not apply to that case); an
 * immediate one waits its turn under the busy timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * The app's database: kysely for every query, hot reads compiled once per shape, and the store seam (db/store.ts) for
 * what SQLite and PostgreSQL do differently.
 */
export class JournalDatabase extends Kysely<Database> {
  readonly store: Store;
  /** Hot reads compiled once per shape (a view's page listing). */
  readonly compiled = new CompiledQueries();

  constructor(dialect: Dialect, store: Store, log?: KyselyConfig['log']) {
    super({ dialect, log });
    this.store = store;
  }
}

export type JournalDb = JournalDatabase;

export interface OpenOptions {
  /** For read-only commands: a missing file is an error and nothing (no folder, no file) is created. */
  mustExist?: boolean;
  /** kysely's query log (the benchmarks capture the SQL a method runs). */
  log?: KyselyConfig['log'];
  /** Where the warning about a journal file others can read goes; stderr by default. */
  warn?: (line: string) => void;
}

/** The database file is missing (when it must exist) or is not a SQLite database; the message names the file. */
export class DatabaseFileError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseFileError';
  }
}

/**
 * Creates missing folders (0700) and a new file (0600), unless `mustExist`; an existing file others can read gets a
 * one-line warning. The returned db owns the file handle (`db.destroy()` closes it).
 */
export function openDatabase(file: string, options: OpenOptions = {}): JournalDb {
  const inMemory = file === ':memory:';
  if (!inMemory && options.mustExist && !existsSync(file)) throw new DatabaseFileError(`There is no database at ${path.resolve(file)}; nothing was created.`);
  if (!inMemory && !options.mustExist) createPrivateFile(file);
  const sqlite = new SQLite(file);
  try {
    // The first statements read the file's header: a file that is not a database fails here.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Deleted and overwritten content is zeroed in the file, not left in free space: a forgotten entry's text (and an
    // edited entry's old text once its revision is forgotten) is gone from the file's bytes.
    sqlite.pragma('secure_delete = ON');
  } catch (error) {
    sqlite.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseFileError(`${path.resolve(file)} cannot be opened as a journal database: ${reason}.`, { cause: error });
  }
  // Only a file that is a journal is worth a warning about who can read it.
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!inMemory) for (const line of looseModeWarnings(file)) warn(line);
  // kysely's queries and the bulk writes share one cache of statements prepared on the one connection.
  const statements = new StatementCache(sqlite);
  return new JournalDatabase(new ImmediateSqliteDialect({ database: statements.forKysely() }), sqliteStore(statements), options.log);
}
