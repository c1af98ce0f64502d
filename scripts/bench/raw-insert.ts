/** The raw limit both write benchmarks compare against: better-sqlite3 prepared inserts of the same rows, same schema. */
import SQLite from 'better-sqlite3';
import { ENTRY_COLUMNS as STORE_COLUMNS } from '../../src/db/store.ts';

export const ENTRY_COLUMNS = [
  'owner_id',
  'source',
  'chat_id',
  'message_id',
  'written_at',
  'local_day',
  'local_time',
  'title',
  'content',
  'edited_at',
  'created_at',
] as const;

/** Every column an import writes (the store's bulk INSERT): the import benchmark's raw rows are the rows it stored, whole. */
export const IMPORTED_COLUMNS: readonly string[] = STORE_COLUMNS;

/** Every entry row of a file (these columns of it), in id order, as the raw benchmark will insert them again. */
export function readEntryRows(file: string, columns: readonly string[] = ENTRY_COLUMNS): Record<string, unknown>[] {
  const raw = new SQLite(file, { readonly: true });
  try {
    return raw.prepare(`SELECT ${columns.join(', ')} FROM entry ORDER BY id`).all() as Record<string, unknown>[];
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

const insertOf = (columns: readonly string[]) =>
  `INSERT INTO entry (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;

/** Inserts the rows (their `columns`) in one transaction; returns the seconds it took. */
export function rawInsertOneTransaction(
  file: string,
  rows: Record<string, unknown>[],
  columns: readonly string[] = ENTRY_COLUMNS,
): number {
  const raw = openLikeTheApp(file);
  try {
    const insert = raw.prepare(insertOf(columns));
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

/** Inserts the rows (their `columns`) in one transaction, `perStatement` rows to a prepared multi-row INSERT; returns the seconds it took. */
export function rawInsertMultiRow(
  file: string,
  rows: Record<string, unknown>[],
  perStatement = 500,
  columns: readonly string[] = ENTRY_COLUMNS,
): number {
  const raw = openLikeTheApp(file);
  try {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const statement = (n: number) =>
      raw.prepare(
        `INSERT INTO entry (${columns.join(', ')}) VALUES ${Array.from({ length: n }, () => tuple).join(', ')}`,
      );
    const full = statement(perStatement);
    const values = (chunk: Record<string, unknown>[]) => chunk.flatMap((row) => columns.map((c) => row[c]));
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
    const insert = raw.prepare(insertOf(ENTRY_COLUMNS));
    const t0 = performance.now();
    for (const row of rows) insert.run(row);
    return (performance.now() - t0) / 1000;
  } finally {
    raw.close();
  }
}
