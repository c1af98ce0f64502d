/**
 * The importers' writes: batches (insertBatchRows, 500 rows) gathered into fewer, larger commits, with the store in its
 * bulk mode meanwhile (Store.beginBulkWrite). A commit per batch cost half an import: each one flushed the search
 * index's pending terms and, past the -wal's 1 MB, checkpointed it (wal_autocheckpoint, db/sqlite/open-database.ts),
 * copying the same index pages into the file again and again; SQLite now checkpoints every 64 MB during an import. An
 * import may lose its last commit to a crash: it is idempotent, so running it again adds exactly what is missing, and
 * the journal's earlier entries keep the durability they had.
 */
import type { ControlledTransaction } from 'kysely';
import type { JournalDb } from '../db/journal-database.ts';
import type { Database } from '../db/schema.ts';
import { insertBatchRows, type BatchResult, type BatchRow } from '../journal/entries/entry-batch.ts';
import { AT } from '../journal/entries/batch-row.ts';

/** The rows with their journal column set to `journal`. */
function intoJournal(rows: readonly BatchRow[], journal: string): BatchRow[] {
  return rows.map((row) => {
    const values = row.values.slice();
    values[AT.journal] = journal;
    return { ...row, values };
  });
}

/**
 * Rows per commit, and how long one may stay open. Once checkpoints are rare, the size barely matters to speed
 * (500 to 20,000 rows a commit wrote 100,000 rows in 1.7-2.0 s alike, on a loaded machine); fewer commits still
 * flush the search index's pending terms less often. Short enough that the bot's live captures, waiting for the one
 * connection, and another process's writes, waiting on the file's lock, are held up by half a second at most.
 */
export const COMMIT_ROWS = 10_000;
export const COMMIT_MS = 500;

export interface BatchWriterOptions {
  /** Each batch is written and rolled back on its own, as insertBatchRows's dry run does. */
  dryRun?: boolean;
  commitRows?: number;
  commitMs?: number;
  /** Milliseconds from any origin (default performance.now): when a commit has been open too long. */
  clock?: () => number;
  /** `--into`: every row goes into this journal (a stored name, journal/journal-names.ts), whatever it said. */
  journal?: string;
  /** The folder media paths of the rows are relative to (a Telegram export's, beside result.json). */
  mediaFolder?: string;
}

export interface BatchWriter {
  /**
   * Writes a batch whole into the open commit (opening one); `counted` receives its counts once that commit is
   * made, so a report never counts rows a failed commit lost. A batch that fails undoes the open commit with it.
   */
  write(rows: readonly BatchRow[], counted: (result: BatchResult) => void): Promise<void>;
  /** Commits what was written: at the end, on Ctrl-C, before a fault is reported. */
  commit(): Promise<void>;
  /** Drops what was written since the last commit (nothing was counted for it). */
  rollback(): Promise<void>;
  /** Commits what was written and gives the store back its everyday settings (Store.beginBulkWrite): call it last, also after a failure. */
  finish(): Promise<void>;
}

export function createBatchWriter(db: JournalDb, options: BatchWriterOptions): BatchWriter {
  const commitRows = options.commitRows ?? COMMIT_ROWS;
  const commitMs = options.commitMs ?? COMMIT_MS;
  const clock = options.clock ?? (() => performance.now());
  /** Undoes the store's bulk mode, begun at the first write. */
  let endBulk: (() => Promise<void>) | null = null;
  let open: {
    trx: ControlledTransaction<Database>;
    rows: number;
    since: number;
    results: BatchResult[];
    counters: ((r: BatchResult) => void)[];
  } | null = null;

  const commit = async () => {
    if (!open) return;
    const { trx, results, counters } = open;
    open = null;
    await trx
      .commit()
      .execute()
      .catch(async (error: unknown) => {
        await trx
          .rollback()
          .execute()
          .catch(() => undefined); // frees the connection the transaction held
        throw error;
      });
    results.forEach((result, i) => counters[i]!(result));
  };

  const rollback = async () => {
    if (!open) return;
    const { trx } = open;
    open = null;
    await trx.rollback().execute();
  };

  return {
    commit,
    rollback,
    async finish() {
      try {
        await commit();
      } finally {
        const end = endBulk;
        endBulk = null;
        await end?.();
      }
    },
    async write(given, counted) {
      if (given.length === 0) return;
      const rows = options.journal === undefined ? given : intoJournal(given, options.journal);
      if (options.dryRun) {
        counted(await insertBatchRows(db, rows, { dryRun: true, mediaFolder: options.mediaFolder }));
        return;
      }
      endBulk ??= await db.store.beginBulkWrite(db);
      open ??= { trx: await db.startTransaction().execute(), rows: 0, since: clock(), results: [], counters: [] };
      const group = open;
      let result: BatchResult;
      try {
        result = await insertBatchRows(db, rows, { transaction: group.trx, mediaFolder: options.mediaFolder });
      } catch (error) {
        // The whole open commit goes, uncounted: a savepoint per batch, to keep the batches before, cost a tenth of
        // the import (SQLite journals each page's first change after one), and what fails a batch here (a full disk,
        // a lost connection) has mostly ended the transaction anyway. Running the import again adds what is missing.
        await rollback().catch(() => undefined);
        throw error;
      }
      group.rows += rows.length;
      group.results.push(result);
      group.counters.push(counted);
      if (group.rows >= commitRows || clock() - group.since >= commitMs) await commit();
    },
  };
}
