/**
 * Statements prepared once on a database's own better-sqlite3 connection and run many times: every query kysely
 * runs (its SQLite driver would otherwise prepare each statement anew on every call, a large part of a small read's
 * cost), and the hot bulk writes that skip kysely altogether.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** A write statement prepared once and run many times with positional parameters. */
export interface PreparedWrite {
  /** Returns how many rows the statement itself changed (not its triggers). */
  run(parameters: readonly unknown[]): { changes: number };
}

/** Prepared statements by SQL text, at most `max`: texts that vary (an IN list's length) must not pile up. */
class BoundedStatements<S> {
  readonly #byText = new Map<string, S>();

  constructor(
    readonly max: number,
    readonly prepare: (sql: string) => S,
  ) {}

  get size(): number {
    return this.#byText.size;
  }

  get(sql: string): S {
    let statement = this.#byText.get(sql);
    if (!statement) {
      // Dropping them all is simpler than an LRU and costs one re-prepare per live text.
      if (this.#byText.size >= this.max) this.#byText.clear();
      statement = this.prepare(sql);
      this.#byText.set(sql, statement);
    }
    return statement;
  }
}

export class StatementCache {
  readonly #sqlite: SQLite.Database;
  readonly #writes: BoundedStatements<PreparedWrite>;
  readonly #queries: BoundedStatements<SqliteStatement>;

  /** Bulk imports prepare one write per row count; the bounds keep odd sizes and odd query texts from piling up. */
  constructor(sqlite: SQLite.Database, maxWrites = 32, maxQueries = 256) {
    this.#sqlite = sqlite;
    this.#writes = new BoundedStatements(maxWrites, (sql) => {
      const statement = sqlite.prepare(sql);
      // An array binds as positional parameters (spreading 5,500 values as arguments would cost a copy).
      return { run: (parameters) => ({ changes: statement.run(parameters).changes }) };
    });
    this.#queries = new BoundedStatements(maxQueries, (sql) => sqlite.prepare(sql));
  }

  /** How many write statements are prepared now (at most their bound). */
  get size(): number {
    return this.#writes.size;
  }

  /** How many of kysely's statements are prepared now (at most their bound). */
  get queries(): number {
    return this.#queries.size;
  }

  /**
   * `sql` prepared on first use, the same statement after. It runs on the connection kysely's SQLite driver also
   * uses (it has one): call it inside a `db.transaction()` callback, which holds that connection, so the write
   * belongs to that transaction and nothing interleaves.
   */
  write(sql: string): PreparedWrite {
    return this.#writes.get(sql);
  }

  /**
   * The connection as kysely's SqliteDialect sees it, preparing each SQL text once. Sharing a statement is safe:
   * kysely runs one query at a time on its single connection (a stream holds it until it is done), and SQLite
   * prepares a statement again by itself when a migration changes the schema under it.
   */
  forKysely(): SqliteDatabase {
    return {
      prepare: (sql) => this.#queries.get(sql),
      close: () => this.#sqlite.close(),
    };
  }
}
