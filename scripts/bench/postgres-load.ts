/**
 * Setup of the postgres part, not a measured thing: the generated journal (src/demo) loaded into a migrated
 * PostgreSQL database the fastest way a script can, multi-row INSERT … SELECT FROM unnest(arrays) in big batches,
 * with the GIN index dropped during the load and built once afterwards (as the SQLite bench rebuilds its FTS index).
 */
import type Pg from 'pg';
import type { GeneratedJournalOptions } from '../../src/demo/demo-journal.ts';
import { generateJournalRows } from '../../src/demo/demo-journal.ts';
import type { NewEntryRow } from '../../src/db/schema.ts';

/** The columns a generated row fills, with their array types for unnest. */
const COLUMNS = [
  ['owner_id', 'bigint'],
  ['source', 'text'],
  ['chat_id', 'bigint'],
  ['message_id', 'bigint'],
  ['written_at', 'text'],
  ['local_day', 'text'],
  ['local_time', 'text'],
  ['title', 'text'],
  ['content', 'text'],
  ['edited_at', 'text'],
  ['created_at', 'text'],
] as const;

export const UNNEST_INSERT = `INSERT INTO entry (${COLUMNS.map(([c]) => c).join(', ')})
  SELECT * FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`;

/** Column arrays of `rows`, in COLUMNS order: the parameters of UNNEST_INSERT. */
export function columnArrays(rows: readonly NewEntryRow[]): unknown[][] {
  return COLUMNS.map(([c]) => rows.map((r) => (r as unknown as Record<string, unknown>)[c] ?? null));
}

/** Loads the generated journal; returns the rows loaded. */
export async function loadGeneratedJournal(
  client: Pg.ClientBase,
  options: GeneratedJournalOptions,
  batch = 20_000,
): Promise<number> {
  const index = (await client.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'entry_search'`)).rows[0]
    ?.indexdef as string | undefined;
  if (!index) throw new Error('the migrated schema has no entry_search index');
  await client.query('DROP INDEX entry_search');
  let total = 0;
  let rows: NewEntryRow[] = [];
  const flush = async () => {
    if (rows.length) await client.query(UNNEST_INSERT, columnArrays(rows));
    total += rows.length;
    rows = [];
  };
  for (const row of generateJournalRows(options)) {
    rows.push(row);
    if (rows.length >= batch) await flush();
  }
  await flush();
  await client.query(index);
  await client.query('VACUUM ANALYZE entry');
  return total;
}
