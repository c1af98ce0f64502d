/**
 * Re-indexing the entries stored before search_text existed (the migration 2026_12_05_000100_search_text leaves it
 * null, as the words need this code: a migration imports nothing from src/). Batch by batch in id order, each batch
 * its own transaction: a crash halfway loses at most the batch it was writing, and the next start resumes at the
 * first entry still null (a partial index lists exactly those, so the check at each start costs one index seek).
 */
import { sql } from 'kysely';
import { searchTextOf } from './search-text.ts';
import type { UntypedDb } from '../untyped-db.ts';

/** Entries read and written per transaction. */
export const REINDEX_BATCH = 2_000;
/** Rows per UPDATE statement: 3 parameters each. */
const ROWS_PER_UPDATE = 400;

export interface ReindexProgress {
  /** Entries re-indexed so far in this run. */
  done: number;
  /** Entries that needed it when the run began. */
  total: number;
}

async function pendingCount(db: UntypedDb): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM entry WHERE search_text IS NULL`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Writes search_text for one batch of rows, one UPDATE per ROWS_PER_UPDATE (the same SQL on both stores): the ids
 * listed (each found by its key) and each row's words picked by a CASE, so no statement scans the table.
 */
async function writeBatch(db: UntypedDb, rows: { id: number; title: string; content: string }[]): Promise<void> {
  for (let at = 0; at < rows.length; at += ROWS_PER_UPDATE) {
    const slice = rows.slice(at, at + ROWS_PER_UPDATE);
    const words = sql.join(
      slice.map((r) => sql`WHEN ${r.id} THEN ${searchTextOf(r.title ?? '', r.content ?? '')}`),
      sql` `,
    );
    const ids = sql.join(slice.map((r) => sql`${r.id}`));
    await sql`UPDATE entry SET search_text = CASE id ${words} END WHERE id IN (${ids})`.execute(db);
  }
}

/**
 * Indexes every entry whose search_text is still null; returns how many. `onProgress` hears after each batch (and
 * once before the first, with done 0), so a start-up log or the migrate command can say how far it is.
 */
export async function reindexSearchText(
  db: UntypedDb,
  onProgress: (progress: ReindexProgress) => void = () => undefined,
  batch = REINDEX_BATCH,
): Promise<number> {
  const probe = await sql`SELECT id FROM entry WHERE search_text IS NULL LIMIT 1`.execute(db);
  if (probe.rows.length === 0) return 0;
  const total = await pendingCount(db);
  onProgress({ done: 0, total });
  let done = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; title: string; content: string }>`
      SELECT id, title, content FROM entry WHERE search_text IS NULL ORDER BY id LIMIT ${batch}`.execute(db);
    if (rows.length === 0) return done;
    await db.transaction().execute((trx) => writeBatch(trx, rows));
    done += rows.length;
    onProgress({ done, total: Math.max(total, done) });
  }
}

/** `report` at the first and last progress and at most every `everyMs` between: a log line, not one per batch. */
export function everyFewSeconds(
  report: (progress: ReindexProgress) => void,
  everyMs = 2_000,
  now: () => number = Date.now,
): (progress: ReindexProgress) => void {
  let last = -Infinity;
  return (progress) => {
    const at = now();
    if (progress.done === 0 || progress.done >= progress.total || at - last >= everyMs) {
      last = at;
      report(progress);
    }
  };
}
