/** Opens the SQLite file behind a kysely instance: WAL, foreign keys, a busy timeout. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type KyselyConfig } from 'kysely';
import type { Database } from './schema.ts';
import { StatementCache } from './statement-cache.ts';

/** The app's database: kysely for every query, and a cache of prepared statements for the few hot bulk writes. */
export class JournalDatabase extends Kysely<Database> {
  readonly statements: StatementCache;

  constructor(sqlite: SQLite.Database, log?: KyselyConfig['log']) {
    super({ dialect: new SqliteDialect({ database: sqlite }), log });
    this.statements = new StatementCache(sqlite);
  }
}

export type JournalDb = JournalDatabase;

export interface OpenOptions {
  /** kysely's query log (the benchmarks capture the SQL a method runs). */
  log?: KyselyConfig['log'];
}

/** Creates missing folders; the returned db owns the file handle (`db.destroy()` closes it). */
export function openDatabase(file: string, options: OpenOptions = {}): JournalDb {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new JournalDatabase(sqlite, options.log);
}
