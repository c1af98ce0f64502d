/**
 * SQLite's side of the store seam: FTS5 search, the prepared 500-row INSERT of the import path (the
 * StatementCache fast path), SQLite's date() arithmetic and PRAGMA user_version.
 */
import { sql, type Kysely } from 'kysely';
import { MIGRATIONS_FOLDER } from '../migration-files.ts';
import { ENTRY_KEY, type Database } from '../schema.ts';
import type { SearchQuery } from '../search/search-query.ts';
import { ftsMatch, planPhrases, searchPlan } from '../search/search-plan.ts';
import { RARE_BUDGET, type ScoredId, type WindowQueries } from '../search/search-window.ts';
import { fts5Scores, fts5Totals, type IndexedRow } from './fts5-bm25.ts';
import type { StatementCache } from './statement-cache.ts';
import {
  chunksOf,
  ENTRY_COLUMNS,
  SCORE_DIGITS,
  withSearchText,
  type EntryValues,
  type SearchAccess,
  type Store,
} from '../store.ts';

/** Every search ANDed into one MATCH expression (search-plan.ts: every term in its forms, quoted). */
export function combinedFtsQuery(searches: readonly SearchQuery[]): string {
  return ftsMatch(searchPlan(searches));
}

/**
 * The candidates' statements of search-window.ts on FTS5. With every phrase rare, bm25() scores them: its counts are
 * small. bm25() scores a row by every phrase of its MATCH, so the rare matches, found by `rare AND plan`, are scored
 * twice over their rare phrases: once more by `rare` alone (the same idf, row length and counts) is taken off, leaving
 * the plan's score. With a common phrase, its count given (estimated), the rows are read from the index and scored by
 * bm25()'s formula here (fts5-bm25.ts), since bm25() would count every match of it again.
 */
function sqliteWindow(db: Kysely<Database>): WindowQueries {
  const score = sql`round(-bm25(entry_fts), ${sql.lit(SCORE_DIGITS)})`;
  /** The matches' indexed columns and sizes, newest first, only below `below` when given. */
  const indexed = async (match: string, limit: number, below: number | null) =>
    (
      await sql<IndexedRow>`SELECT f.rowid AS id, e.search_text, e.search_more, d.sz FROM entry_fts AS f
        JOIN entry AS e ON e.id = f.rowid JOIN entry_fts_docsize AS d ON d.id = f.rowid
        WHERE entry_fts MATCH ${match}${below === null ? sql`` : sql` AND f.rowid < ${below}`}
        ORDER BY f.rowid DESC LIMIT ${limit}`.execute(db)
    ).rows;
  return {
    async spread(node, cap) {
      const { rows } = await sql<{ n: number; lowest: number | null }>`SELECT count(*) AS n, min(rowid) AS lowest
        FROM (SELECT rowid FROM entry_fts WHERE entry_fts MATCH ${ftsMatch(node)} ORDER BY rowid DESC LIMIT ${cap + 1})`.execute(
        db,
      );
      const n = Number(rows[0]?.n ?? 0);
      return { n, lowest: n > cap ? Number(rows[0]!.lowest) : null };
    },
    async totals() {
      const { rows } = await sql<{ max_id: number | null }>`SELECT max(id) AS max_id FROM entry`.execute(db);
      return { rows: (await fts5Totals(db)).rows, maxId: Number(rows[0]?.max_id ?? 0) };
    },
    async scoredCandidates(plan, rare, window, hits) {
      if (hits) {
        const phrases = planPhrases(plan);
        const totals = await fts5Totals(db);
        const newest = await indexed(ftsMatch(plan), window, null);
        // Rare matches among the newest are read already; a window not full holds every match.
        const lowest = newest.length === window ? Number(newest.at(-1)!.id) : null;
        const older =
          rare && lowest !== null ? await indexed(`${ftsMatch(rare)} AND ${ftsMatch(plan)}`, RARE_BUDGET, lowest) : [];
        return { newest: fts5Scores(newest, phrases, hits, totals), rare: fts5Scores(older, phrases, hits, totals) };
      }
      const newest = await sql<ScoredId>`SELECT rowid AS id, ${score} AS score FROM entry_fts
        WHERE entry_fts MATCH ${ftsMatch(plan)} ORDER BY rowid DESC LIMIT ${window}`.execute(db);
      if (rare === null) return { newest: newest.rows, rare: [] };
      const both = await sql<ScoredId>`WITH
        e AS MATERIALIZED (SELECT rowid AS id, bm25(entry_fts) AS s FROM entry_fts
          WHERE entry_fts MATCH ${`${ftsMatch(rare)} AND ${ftsMatch(plan)}`}),
        r AS MATERIALIZED (SELECT rowid AS id, bm25(entry_fts) AS s FROM entry_fts WHERE entry_fts MATCH ${ftsMatch(rare)})
        SELECT e.id, round(-(e.s - r.s), ${sql.lit(SCORE_DIGITS)}) AS score FROM e JOIN r ON r.id = e.id`.execute(db);
      return { newest: newest.rows, rare: both.rows };
    },
  };
}

const TUPLE = `(${ENTRY_COLUMNS.map(() => '?').join(', ')})`;
/** SQL text by row count, built once: the same text finds the same prepared statement. */
const insertSql = new Map<number, string>();

function insertSqlFor(rows: number): string {
  let text = insertSql.get(rows);
  if (!text) {
    const values = Array.from({ length: rows }, () => TUPLE).join(', ');
    const key = ENTRY_KEY.map((c) => `"${c}"`).join(', ');
    text = `insert into "entry" (${ENTRY_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${values} on conflict (${key}) do nothing`;
    if (insertSql.size >= 32) insertSql.clear();
    insertSql.set(rows, text);
  }
  return text;
}

/** Pages (4 KB) the -wal may grow to during an import before it is folded back into the file. */
const BULK_AUTOCHECKPOINT_PAGES = 16_384;

/** SQLite's store, with the prepared statements its bulk path runs on the one connection. */
export interface SqliteStore extends Store {
  readonly statements: StatementCache;
}

export function sqliteStore(statements: StatementCache): SqliteStore {
  /** Imports writing in bulk mode now, and the checkpoint cadence to go back to. */
  const bulk = { writers: 0, everyday: 0 };
  return {
    dialect: 'sqlite',
    statements,
    migrationFolder: MIGRATIONS_FOLDER,
    walksSearchPages: true,

    // FTS5's own bm25() (lower is better, so negated), over the whole index as PostgreSQL computes it.
    searchScores(searches: readonly SearchQuery[]) {
      return sql<{
        id: number;
        score: number;
      }>`(SELECT rowid AS id, round(-bm25(entry_fts), ${sql.lit(SCORE_DIGITS)}) AS score
        FROM entry_fts WHERE entry_fts MATCH ${combinedFtsQuery(searches)})`;
    },

    searchWindow: sqliteWindow,
    searchMatches(searches: readonly SearchQuery[]) {
      return sql<{
        id: number;
      }>`(SELECT rowid AS id FROM entry_fts WHERE entry_fts MATCH ${combinedFtsQuery(searches)})`;
    },

    searchCondition(searches: readonly SearchQuery[], entry: string, access: SearchAccess) {
      const match = combinedFtsQuery(searches);
      // The FTS index is a table of its own, keyed by the entry's id.
      const id = sql.ref(`${entry}.id`);
      return access === 'list'
        ? sql<boolean>`${id} IN (SELECT rowid FROM entry_fts WHERE entry_fts MATCH ${match})`
        : sql<boolean>`EXISTS (SELECT 1 FROM entry_fts WHERE entry_fts MATCH ${match} AND entry_fts.rowid = ${id})`;
    },

    // better-sqlite3 is synchronous and kysely's SQLite driver has one connection: the prepared statement runs on
    // the connection the caller's transaction holds, so `trx` itself is not needed here.
    async insertEntryRows(_trx: Kysely<Database>, rows: readonly EntryValues[]) {
      let inserted = 0;
      // concat of the rows as arguments: 50 times faster than chunk.flat() (a tenth of the writing thread's time).
      for (const chunk of chunksOf(rows.map(withSearchText)))
        inserted += statements.write(insertSqlFor(chunk.length)).run(([] as unknown[]).concat(...chunk)).changes;
      return inserted;
    },

    // A checkpoint after every commit past the -wal's 1 MB (wal_autocheckpoint, open-database.ts) copied the same
    // search-index pages into the file again and again: a fifth of an import's writing in a profile. 64 MB at a time,
    // it is one or two checkpoints per 100,000 entries. Durability is unchanged: commits were never synced before a checkpoint
    // (synchronous = NORMAL), and the one that must survive a power cut syncs itself (inbox-store.ts); the first
    // checkpoint here syncs everything committed before the import.
    // Imports at once (two documents sent to the bot) share the mode: the first begins it, the last ends it.
    async beginBulkWrite(db: Kysely<Database>) {
      if (bulk.writers++ === 0) {
        const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db);
        bulk.everyday = Number(rows[0]?.wal_autocheckpoint ?? 1000);
        await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
        await sql.raw(`PRAGMA wal_autocheckpoint = ${BULK_AUTOCHECKPOINT_PAGES}`).execute(db);
      }
      let ended = false;
      return async () => {
        if (ended) return;
        ended = true;
        if (--bulk.writers > 0) return;
        await sql.raw(`PRAGMA wal_autocheckpoint = ${bulk.everyday}`).execute(db);
        await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
      };
    },

    async shiftLocalDays(trx: Kysely<Database>, previous: string, current: string) {
      // Undo the old rule (a time before it had been moved back a day), then apply the new one.
      const result = await sql`UPDATE entry SET local_day = date(local_day,
          CASE WHEN local_time < ${previous} THEN '+1 day' ELSE '+0 days' END,
          CASE WHEN local_time < ${current} THEN '-1 day' ELSE '+0 days' END)
        WHERE (local_time < ${previous}) <> (local_time < ${current})`.execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    },

    async afterExplicitIds() {},

    claimable: (select) => select,

    async writeAloneDurably(db, _lockKey, write) {
      return db.connection().execute(async (conn) => {
        const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(conn);
        await sql`PRAGMA synchronous = FULL`.execute(conn);
        try {
          return await write(conn);
        } finally {
          await sql.raw(`PRAGMA synchronous = ${Number(rows[0]?.synchronous ?? 1)}`).execute(conn);
        }
      });
    },

    async emptyLogNow(db) {
      await db.connection().execute(async (conn) => {
        const { rows } = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(conn);
        await sql`PRAGMA busy_timeout = 0`.execute(conn);
        try {
          await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(conn);
        } finally {
          await sql.raw(`PRAGMA busy_timeout = ${Number(rows[0]?.timeout ?? 5000)}`).execute(conn);
        }
      });
    },

    migrationSchema: async () => undefined,

    async oneMigrationAtATime(db, run) {
      return db.connection().execute(async (conn) => {
        // A table rebuild (create, copy, drop, rename) must not cascade the old table's drop to its children: foreign
        // keys are off while migrations run (set before the transaction: inside one the pragma does nothing), and
        // every reference is checked before the commit.
        const { rows } = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(conn);
        await sql`PRAGMA foreign_keys = OFF`.execute(conn);
        try {
          await sql`begin immediate`.execute(conn);
          try {
            const result = await run(conn);
            const broken = await sql<{ table: string }>`PRAGMA foreign_key_check`.execute(conn);
            if (broken.rows.length > 0)
              throw new Error(
                `the migrations leave ${broken.rows.length} broken references (first in ${broken.rows[0]!.table})`,
              );
            await sql`commit`.execute(conn);
            return result;
          } catch (error) {
            await sql`rollback`.execute(conn).catch(() => undefined);
            throw error;
          }
        } finally {
          await sql.raw(`PRAGMA foreign_keys = ${Number(rows[0]?.foreign_keys ?? 1)}`).execute(conn);
        }
      });
    },

    async writeDemoMark(db: Kysely<Database>, mark: number) {
      await sql`PRAGMA user_version = ${sql.lit(mark)}`.execute(db);
    },

    async readDemoMark(db: Kysely<Database>) {
      const mark = (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0]?.user_version;
      return mark ? mark : null;
    },

    async purgeDeleted(db: Kysely<Database>) {
      // One full merge drops the deleted entries' terms from the search index and frees the old segments' pages,
      // which secure_delete zeroes. (FTS5's own 'secure-delete' option would do it per row, but from SQLite 3.42 on
      // it stamps a format older SQLite cannot read: migrations/2026_12_04_000100_old_sqlite_schema.ts.)
      await sql`INSERT INTO entry_fts(entry_fts) VALUES ('optimize')`.execute(db);
      const result = await sql<{
        busy: number;
        log: number;
        checkpointed: number;
      }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
      return { complete: result.rows[0]?.busy === 0 };
    },

    async deleteOwnerEntries(trx: Kysely<Database>, ownerId: number) {
      // Tombstones now, one full merge ('optimize') in purgeDeleted: 0.4 s for 20,000 entries, where per-row
      // secure-delete took 6 s.
      const result = await trx.deleteFrom('entry').where('owner_id', '=', ownerId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async hasEntryTable(db: Kysely<Database>) {
      const tables = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'entry'`.execute(db);
      return Boolean(tables.rows[0]?.n);
    },
  };
}
