/**
 * Statements prepared once on a database's own better-sqlite3 connection and run many times: for hot bulk
 * writes, where compiling and preparing a kysely query per call costs more than the insert itself.
 */
import type SQLite from 'better-sqlite3';

/** A write statement prepared once and run many times with positional parameters. */
export interface PreparedWrite {
  /** Returns how many rows the statement itself changed (not its triggers). */
  run(parameters: readonly unknown[]): { changes: number };
}

export class StatementCache {
  readonly #sqlite: SQLite.Database;
  readonly #statements = new Map<string, PreparedWrite>();
  /** Bulk imports prepare one statement per row count; a bound keeps odd sizes from piling up. */
  readonly #max: number;

  constructor(sqlite: SQLite.Database, max = 32) {
    this.#sqlite = sqlite;
    this.#max = max;
  }

  /** How many statements are prepared now (at most the bound). */
  get size(): number {
    return this.#statements.size;
  }

  /**
   * `sql` prepared on first use, the same statement after. It runs on the connection kysely's SQLite driver also
   * uses (it has one): call it inside a `db.transaction()` callback, which holds that connection, so the write
   * belongs to that transaction and nothing interleaves.
   */
  write(sql: string): PreparedWrite {
    let prepared = this.#statements.get(sql);
    if (!prepared) {
      if (this.#statements.size >= this.#max) this.#statements.clear();
      const statement = this.#sqlite.prepare(sql);
      // An array binds as positional parameters (spreading 5,500 values as arguments would cost a copy).
      prepared = { run: (parameters) => ({ changes: statement.run(parameters).changes }) };
      this.#statements.set(sql, prepared);
    }
    return prepared;
  }
}
