/** The raw limit both write benchmarks compare against: better-sqlite3 prepared inserts of the same rows, same schema. */
import SQLite from 'better-sqlite3';

export const ENTRY_COLUMNS = ['owner_id', 'source', 'chat_id', 'message_id', 'written_at', 'local_day', 'local_time', 'title', 'content', 'edited_at', 'created_at'] as const;

const INSERT = `INSERT INTO entry (${ENTRY_COLUMNS.join(', ')}) VALUES (${ENTRY_COLUMNS.map((c) => `@${c}`).join(', ')})`;

/** Every entry row of a file, in id order, as the raw benchmark will insert them again. */
export function readEntryRows(file: string): Record<string, unknown>[] {
  const raw = new SQLite(file, { readonly: true });
  try {
    return raw.prepare(`SELECT ${ENTRY_COLUMNS.join(', ')} FROM entry ORDER BY id`).all() as Record<string, unknown>[];
  } finally {
    raw.close();
  }
}

/** Opens a migrated file as the app does (WAL, synchronous NORMAL, secure delete): triggers and indexes stay as the migrations made them. */
function openLikeTheApp(file: string): SQLite.Database {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('secure_delete = ON');
  raw.pragma('foreign_keys = ON');
  return raw;
}

/** Inserts the rows in one transaction; returns the seconds it took. */
export function rawInsertOneTransaction(file: string, rows: Record<string, unknown>[]): number {
  const raw = openLikeTheApp(file);
  try {
    const insert = raw.prepare(INSERT);
    const all = raw.transaction((list: Record<string, unknown>[]) => {
      for (const row of list) insert.run(row);
    });
    const t0 = performance.now();
    all(rows);
    return (performance.now() - t0) / 1000;
  } finally {
    raw.close();
  }
}

/** Inserts the rows in one transaction, `perStatement` rows to a prepared multi-row INSERT; returns the seconds it took. */
export function rawInsertMultiRow(file: string, rows: Record<string, unknown>[], perStatement = 500): number {
  const raw = openLikeTheApp(file);
  try {
    const tuple = `(${ENTRY_COLUMNS.map(() => '?').join(', ')})`;
    const statement = (n: number) => raw.prepare(`INSERT INTO entry (${ENTRY_COLUMNS.join(', ')}) VALUES ${Array.from({ length: n }, () => tuple).join(', ')}`);
    const full = statement(perStatement);
    const values = (chunk: Record<string, unknown>[]) => chunk.flatMap((row) => ENTRY_COLUMNS.map((c) => row[c]));
    const all = raw.transaction((list: Record<string, unknown>[]) => {
      let i = 0;
      for (; i + perStatement <= list.length; i += perStatement) full.run(values(list.slice(i, i + perStatement)));
      if (i < list.length) statement(list.length - i).run(values(list.slice(i)));
    });
    const t0 = performance.now();
    all(rows);
    return (performance.now() - t0) / 1000;
  } finally {
    raw.close();
  }
}

/** Inserts the rows one commit each, as messages arriving live are stored; returns the seconds it took. */
export function rawInsertEachCommitted(file: string, rows: Record<string, unknown>[]): number {
  const raw = openLikeTheApp(file);
  try {
    const insert = raw.prepare(INSERT);
    const t0 = performance.now();
    for (const row of rows) insert.run(row);
    return (performance.now() - t0) / 1000;
  } finally {
    raw.close();
  }
}
