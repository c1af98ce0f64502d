/**
 * The store seam: the few things SQLite and PostgreSQL do differently, behind one small interface the JournalDb
 * carries (`db.store`). Everything else is one kysely query layer; journal/, objects/, llm/ and telegram/ never ask
 * which store they run on.
 */
import type { Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Database, NewEntryRow } from './schema.ts';
import type { SearchQuery } from './search/search-query.ts';
import type { WindowQueries } from './search/search-window.ts';
import type { UntypedDb } from './untyped-db.ts';
import { searchTextOf } from './search/search-text.ts';

/** Rows per bulk INSERT: 16 parameters each, far below SQLite's 32766 and PostgreSQL's 65535, and the fastest size measured. */
export const ROWS_PER_STATEMENT = 500;

/** `rows` in consecutive slices of at most `size`: the one chunk loop of every bulk write. */
export function* chunksOf<T>(rows: readonly T[], size = ROWS_PER_STATEMENT): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** Column order of the bulk INSERT: every column of an entry row but its id. */
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
  'source_app',
  'source_id',
  'metadata',
  'journal',
  'search_text',
] as const;

/** What the bulk path stores for a column a row leaves out (NULL unless named here). */
export const ENTRY_COLUMN_DEFAULTS: Partial<Record<(typeof ENTRY_COLUMNS)[number], unknown>> = {
  source_app: 'telegram',
  journal: '',
};

export type EntryColumn = (typeof ENTRY_COLUMNS)[number];

/**
 * An entry row as the bulk INSERT binds it: its values in ENTRY_COLUMNS order. Arrays rather than objects because
 * the importer's rows are built on the parse worker and copied to the writing thread, where an object's 19 keys cost
 * more to copy than its values.
 */
export type EntryValues = unknown[];

/** Where each column sits in EntryValues. */
export const COLUMN_INDEX = Object.fromEntries(ENTRY_COLUMNS.map((c, i) => [c, i])) as Record<EntryColumn, number>;

/** A row object's values in ENTRY_COLUMNS order; a column it leaves out takes its default (NULL unless named). */
export function entryValues(row: NewEntryRow): EntryValues {
  return ENTRY_COLUMNS.map((c) => row[c] ?? ENTRY_COLUMN_DEFAULTS[c] ?? null);
}

/**
 * The row with its search text (search-text.ts) when it has none yet: every bulk write indexes the words it writes,
 * whoever built the row.
 */
export function withSearchText(values: EntryValues): EntryValues {
  const at = COLUMN_INDEX.search_text;
  if (typeof values[at] === 'string') return values;
  const row = [...values];
  row[at] = searchTextOf(String(values[COLUMN_INDEX.title] ?? ''), String(values[COLUMN_INDEX.content] ?? ''));
  return row;
}

export type StoreDialect = 'sqlite' | 'postgres';

/** A database of any schema that carries its store (a JournalDb does): the migrator's and the copier's. */
export type UntypedStoreDb = UntypedDb & { readonly store: Store };

/** Digits kept of a score, on both stores: equal scores tie alike, and the tie goes to the newer entry. */
export const SCORE_DIGITS = 6;

/**
 * How a search reaches the index. `list`: the index lists every match once and rows are checked against that list
 * (right for counts, which visit every match anyway). `probe`: each row asks the index about itself (right when the
 * walk is short: one day, or the first rows of a page of a common word).
 */
export type SearchAccess = 'list' | 'probe';

export interface Store {
  readonly dialect: StoreDialect;
  /** The folder of this store's migrations. */
  readonly migrationFolder: string;
  /**
   * A condition on the entry row the query calls `entry` (its table name or alias): the entry matches every search.
   * The row, not only its id: a store whose index lives on the row itself (PostgreSQL's tsvector column) reads it
   * there instead of looking the entry up a second time.
   */
  searchCondition(searches: readonly SearchQuery[], entry: string, access: SearchAccess): RawBuilder<boolean>;
  /**
   * Every entry (of every owner) matching the searches with its relevance: BM25 over search_text and search_more,
   * higher for better, rounded to SCORE_DIGITS, the same number on both stores (FTS5's bm25() on SQLite, its formula
   * in SQL on PostgreSQL). A derived table of (id, score) to join the view's rows on.
   */
  searchScores(searches: readonly SearchQuery[]): RawBuilder<{ id: number; score: number }>;
  /**
   * Every entry (of every owner) matching the searches, unscored and in no order: a derived table of ids that a
   * capped count joins and stops reading at its cap (a common word's matches are never all read to say "more than").
   */
  searchMatches(searches: readonly SearchQuery[]): RawBuilder<{ id: number }>;
  /**
   * The statements the rule of a search's candidates runs here (search-window.ts searchCandidates): the matches its
   * first pages are ranked from, every match of its rare words and its newest matches, a bounded read whatever the
   * journal's size, with searchScores' formula (a common phrase's entry count estimated).
   */
  searchWindow(db: Kysely<Database>): WindowQueries;
  /**
   * Whether a page of a search view is found faster by walking the date index a short way and probing the text index
   * row by row than by one listing query. True where the text index is a table of its own the planner cannot weigh
   * against the date order (SQLite's FTS5); false where the match is a condition on the row (PostgreSQL's tsvector):
   * there the listing query lets the planner choose, which is what hand-written SQL does.
   */
  readonly walksSearchPages: boolean;
  /**
   * Inserts entry rows (each every column but its id, in ENTRY_COLUMNS order), skipping any already stored under the
   * entry key; returns how many were new. Call it inside a transaction and pass that transaction: on SQLite the write
   * runs on the connection the transaction holds, on PostgreSQL it runs in it.
   */
  insertEntryRows(trx: Kysely<Database>, rows: readonly EntryValues[]): Promise<number>;
  /**
   * Readies the store for an import's many writes and returns what undoes it (call it in a `finally`). SQLite: what
   * was committed before is checkpointed into the file (synced), then the -wal is folded back every 64 MB instead of
   * every 1 MB until the import ends, and checkpointed once more then. PostgreSQL: nothing.
   */
  beginBulkWrite(db: Kysely<Database>): Promise<() => Promise<void>>;
  /**
   * Moves every entry's local day from the old journal day start (`HH:MM`) to the new one, by its stored wall-clock
   * time: pure day arithmetic (one day back or forward). Returns how many entries moved.
   */
  shiftLocalDays(trx: Kysely<Database>, previous: string, current: string): Promise<number>;
  /**
   * After rows were inserted with explicit ids (an import that keeps ids, a copied journal), the table's next id is
   * past them: SQLite's AUTOINCREMENT follows on its own, a PostgreSQL sequence must be moved.
   */
  afterExplicitIds(db: UntypedDb, table: string, column?: string): Promise<void>;
  /**
   * `select` as the sub-select of a claim (one UPDATE whose WHERE picks the row). Several instances claim at once: on
   * SQLite the statement takes the database's single write lock before it reads, so it is atomic as it stands; on
   * PostgreSQL two claims would read the same row, so the sub-select locks what it picks (`FOR UPDATE`) and passes
   * over rows another claim holds (`SKIP LOCKED`).
   */
  claimable<DB, TB extends keyof DB, O>(select: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /**
   * Runs `write` as the only writer holding `lockKey`, durable once it returns (the update inbox's insert, before
   * Telegram is told). SQLite: the statement holds the write lock anyway; synchronous = FULL for this commit, where
   * others run at NORMAL. PostgreSQL: a transaction-scoped advisory lock; its commits are durable already.
   */
  writeAloneDurably<T>(
    db: Kysely<Database>,
    lockKey: number,
    write: (executor: Kysely<Database>) => Promise<T>,
  ): Promise<T>;
  /**
   * Empties the write-ahead log now, without waiting for other connections' readers (what it cannot empty now, a later
   * call does): SQLite's TRUNCATE checkpoint at busy_timeout 0, as the inbox's prune wants. PostgreSQL: nothing.
   */
  emptyLogNow(db: Kysely<Database>): Promise<void>;
  /** The schema kysely keeps its migration tables in: PostgreSQL's current one (its search_path); SQLite has none. */
  migrationSchema(db: UntypedDb): Promise<string | undefined>;
  /**
   * Runs the migrator so instances starting together take turns. SQLite: kysely takes no lock, so one immediate
   * transaction around the run (SQLite's DDL is transactional). PostgreSQL: as is (kysely holds an advisory lock).
   */
  oneMigrationAtATime<T>(db: UntypedDb, run: (conn: UntypedDb) => Promise<T>): Promise<T>;
  /** Marks the database as built by the demo (so a rerun may rebuild it), or reads that mark. */
  writeDemoMark(db: Kysely<Database>, mark: number): Promise<void>;
  readDemoMark(db: Kysely<Database>): Promise<number | null>;
  /**
   * After rows were forgotten: makes the deleted text unreadable from the store's files where the store can. SQLite:
   * the deletes already zeroed their bytes (secure_delete); a full merge of the search index drops their terms; a TRUNCATE
   * checkpoint moves the last pages into the file and empties the -wal, which still held the old pages. False when
   * another connection's read kept the checkpoint from finishing (the next one does). PostgreSQL: dead rows wait for
   * VACUUM (autovacuum), which this does not run.
   */
  purgeDeleted(db: Kysely<Database>): Promise<{ complete: boolean }>;
  /**
   * Deletes every entry of an owner (their revisions, tags and jobs go by cascade) inside the caller's transaction,
   * returns how many. SQLite: the search index keeps tombstones until purgeDeleted merges it whole.
   */
  deleteOwnerEntries(trx: Kysely<Database>, ownerId: number): Promise<number>;
  /** Whether the entry table exists yet (a fresh database has no tables before its migrations). */
  hasEntryTable(db: Kysely<Database>): Promise<boolean>;
}
