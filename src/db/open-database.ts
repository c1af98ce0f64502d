/** Opens the SQLite file behind a kysely instance: WAL, foreign keys, a busy timeout. */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { preparePrivateFile } from './private-files.ts';

export type JournalDb = Kysely<Database>;

/** A write statement prepared once and run many times with positional parameters. */
export interface PreparedWrite {
  /** Returns how many rows the statement itself changed (not its triggers). */
  run(parameters: readonly unknown[]): { changes: number };
}

/** The better-sqlite3 handle behind each db opened here, and its prepared bulk statements by SQL text. */
const handles = new WeakMap<JournalDb, { sqlite: SQLite.Database; statements: Map<string, SQLite.Statement> }>();
/** Bulk imports prepare one statement per row count; a bound keeps odd sizes from piling up. */
const MAX_STATEMENTS = 32;

/**
 * Creates missing folders (0700) and a new file (0600); an existing file others can read gets a one-line warning
 * (`warn`, stderr by default). The returned db owns the file handle (`db.destroy()` closes it).
 */
export function openDatabase(file: string, options: { warn?: (line: string) => void } = {}): JournalDb {
  if (file !== ':memory:') preparePrivateFile(file, options.warn ?? ((line) => process.stderr.write(`${line}\n`)));
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  handles.set(db, { sqlite, statements: new Map() });
  return db;
}

/**
 * `sql` prepared once on the db's own connection, for hot bulk writes where compiling and preparing a kysely
 * query per call costs more than the insert itself; null for a db not opened by openDatabase.
 * Run it only inside a `db.transaction()` callback: kysely's SQLite driver has one connection, held by that
 * transaction, so the statement runs inside it and nothing else interleaves.
 */
export function preparedWrite(db: JournalDb, sql: string): PreparedWrite | null {
  const handle = handles.get(db);
  if (!handle) return null;
  let statement = handle.statements.get(sql);
  if (!statement) {
    if (handle.statements.size >= MAX_STATEMENTS) handle.statements.clear();
    statement = handle.sqlite.prepare(sql);
    handle.statements.set(sql, statement);
  }
  const prepared = statement;
  // An array binds as positional parameters (spreading 5,500 values as arguments would cost a copy).
  return { run: (parameters) => ({ changes: prepared.run(parameters).changes }) };
}
