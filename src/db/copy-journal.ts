/**
 * Copies a journal from one database to another (a SQLite file into PostgreSQL, for `npm run migrate-to-postgres`):
 * every table that holds the owner's data, row for row with its ids, then proves it with a count and a checksum per
 * table computed the same way on both sides. Idempotent: rows already there (by any unique key) are left alone, so a
 * second run copies nothing, and a copy that was cut off is completed by running it again.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { chunksOf, type UntypedStoreDb } from './store.ts';
import type { UntypedDb } from './untyped-db.ts';
import { errorReason } from '../log/error-message.ts';

interface TableSpec {
  table: string;
  /** The primary key: rows are read in its order, page by page. */
  key: readonly string[];
  /** A serial column whose sequence must move past the copied ids on PostgreSQL. */
  serial?: string;
  /** Rows per page when rows are big (media chunks, 256 KiB each): memory stays flat. */
  page?: number;
}

/** The tables of a journal, parents before the tables that reference them. */
export const JOURNAL_TABLES: readonly TableSpec[] = [
  { table: 'entry', key: ['id'], serial: 'id' },
  { table: 'entry_revision', key: ['id'], serial: 'id' },
  { table: 'entry_tag', key: ['entry_id', 'tag'] },
  { table: 'transcription_job', key: ['entry_id'] },
  { table: 'entry_media', key: ['id'], serial: 'id' },
  { table: 'media_blob', key: ['sha256'] },
  { table: 'media_chunk', key: ['blob', 'seq'], page: 8 },
  // Pictures made from the media (made again when missing, but kept so a copy does not decode every photo anew).
  { table: 'media_thumbnail', key: ['sha256', 'variant'], page: 8 },
  { table: 'journal_setting', key: ['key'] },
  { table: 'object_handle', key: ['owner_id', 'id'] },
  { table: 'conversation', key: ['id'], serial: 'id' },
  { table: 'conversation_message', key: ['owner_id', 'chat_id', 'message_id'] },
  { table: 'ask_cache', key: ['owner_id', 'key'] },
  { table: 'ask_cache_read', key: ['owner_id', 'cache_key', 'entry_id'] },
  { table: 'digest_subscription', key: ['owner_id'] },
  { table: 'digest_delivery', key: ['owner_id', 'local_day'] },
  // Updates stored but not handled yet, and the last day's handled ones (a redelivery is still recognised).
  { table: 'update_inbox', key: ['seq'], serial: 'seq' },
  // Questions waiting, and failed ones whose Retry buttons name their ids.
  { table: 'job', key: ['id'], serial: 'id' },
  // What entry text was sent to which model (ids and counts).
  { table: 'sent_ledger', key: ['id'], serial: 'id' },
  // Moods, writing prompts (the owner's own, the messages that asked one, what each entry answers), reminders.
  { table: 'mood', key: ['owner_id', 'local_day'] },
  { table: 'owner_prompt', key: ['id'], serial: 'id' },
  { table: 'prompt_message', key: ['owner_id', 'chat_id', 'message_id'] },
  { table: 'entry_prompt', key: ['entry_id'] },
  { table: 'reminder_setting', key: ['owner_id'] },
  { table: 'reminder_delivery', key: ['owner_id', 'local_day'] },
  // The topics of each owner's chat and the journals they name, and where messages outside topics go.
  { table: 'journal_topic', key: ['owner_id', 'thread_id'] },
  { table: 'journal_default', key: ['owner_id'] },
  // /reflect: who turned it on, and the entries a follow-up question was claimed for.
  { table: 'reflect_setting', key: ['owner_id', 'journal'] },
  { table: 'reflect_question', key: ['owner_id', 'entry_id'] },
  // Remote MCP: the registered apps, the owners' grants to them and their tokens (hashes only), so connections go on.
  { table: 'oauth_client', key: ['client_id'] },
  { table: 'oauth_grant', key: ['id'], serial: 'id' },
  { table: 'oauth_token', key: ['token_hash'] },
];

/** Tables of a SQLite journal that are deliberately not copied, and why. */
export const NOT_COPIED: Readonly<Record<string, string>> = {
  inbox_lease: 'leases of running instances (none once the bot is stopped)',
  oauth_request: 'authorization requests in flight: each expires within ten minutes and is asked again',
  web_login_link: "the web view's one-time login links: each expires within ten minutes and is asked again (/web)",
  kysely_migration: "each database's own migrations",
  kysely_migration_lock: "each database's own migrations",
};
/** SQLite's own tables and its full-text index (PostgreSQL computes its own from the entries). */
const SQLITE_INTERNAL = /^(sqlite_|entry_fts)/;

const PAGE = 2000;
/** Bound parameters per INSERT: well under PostgreSQL's 65,535 and SQLite's 32,766. */
const MAX_PARAMETERS = 30_000;

export interface TableReport {
  table: string;
  copied: number;
  source: { rows: number; checksum: string };
  target: { rows: number; checksum: string };
  verified: boolean;
}

/** Tables in `source` that are neither copied nor known to be left out: a new table this copy does not know yet. */
export async function unknownTables(source: UntypedDb): Promise<string[]> {
  const tables = await source.introspection.getTables();
  const known = new Set([...JOURNAL_TABLES.map((t) => t.table), ...Object.keys(NOT_COPIED)]);
  return tables.map((t) => t.name).filter((name) => !known.has(name) && !SQLITE_INTERNAL.test(name));
}

type Row = Record<string, unknown>;

/** Every row of `spec.table`, in key order, a page at a time (keyset paging: flat cost at any size). */
async function* pages(db: UntypedDb, spec: TableSpec): AsyncGenerator<Row[]> {
  let after: unknown[] | null = null;
  for (;;) {
    const keys = spec.key.map((k) => sql.ref(k));
    let query = db.selectFrom(spec.table).selectAll();
    if (after) query = query.where(sql<boolean>`(${sql.join(keys)}) > (${sql.join(after)})`);
    for (const k of spec.key) query = query.orderBy(sql.ref(k));
    const rows: Row[] = await query.limit(spec.page ?? PAGE).execute();
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = spec.key.map((k) => last[k]);
    if (rows.length < (spec.page ?? PAGE)) return;
  }
}

/** A row as text the same on every engine: its columns (the source's, by name) and values, NULL apart from any text. */
function canonical(row: Row, columns: readonly string[]): string {
  const text = (v: unknown) =>
    v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex') : String(v);
  return columns
    .map((c) => (row[c] === null || row[c] === undefined ? '\u0000' : `${c}=${text(row[c])}`))
    .join('\u001f');
}

/**
 * Rows and an order-free checksum of the table: the sum of each row's SHA-256 (first 8 bytes) modulo 2^64, so the
 * engines' different orders of text keys (collations) do not matter, while any changed, missing or extra row does.
 */
async function summarize(
  db: UntypedDb,
  spec: TableSpec,
  columns: readonly string[],
): Promise<{ rows: number; checksum: string }> {
  let rows = 0;
  let sum = 0n;
  for await (const page of pages(db, spec)) {
    for (const row of page) {
      rows++;
      sum = (sum + createHash('sha256').update(canonical(row, columns)).digest().readBigUInt64BE(0)) % 2n ** 64n;
    }
  }
  return { rows, checksum: sum.toString(16).padStart(16, '0') };
}

/** Columns each database derives itself from the copied rows (triggers keep them), so they are neither copied nor compared. */
const DERIVED_COLUMNS: Readonly<Record<string, readonly string[]>> = { entry: ['search_more'] };

async function columnsOf(db: UntypedDb, table: string): Promise<string[]> {
  const meta = (await db.introspection.getTables()).find((t) => t.name === table);
  if (!meta) throw new Error(`the table ${table} is missing`);
  const derived = DERIVED_COLUMNS[table] ?? [];
  return meta.columns
    .map((c) => c.name)
    .filter((c) => !derived.includes(c))
    .sort();
}

/** Copies one table's rows that `target` does not hold yet; returns how many it inserted. */
async function copyTable(
  source: UntypedDb,
  target: UntypedStoreDb,
  spec: TableSpec,
  columns: readonly string[],
): Promise<number> {
  const perInsert = Math.max(1, Math.min(PAGE, Math.floor(MAX_PARAMETERS / columns.length)));
  let copied = 0;
  for await (const page of pages(source, spec)) {
    for (const slice of chunksOf(page, perInsert)) {
      const rows = slice.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])));
      // Any unique key already taken (the same row from an earlier run) leaves that row out.
      const result = await target
        .insertInto(spec.table)
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      copied += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
  }
  // New rows must get ids after the copied ones.
  if (spec.serial) await target.store.afterExplicitIds(target, spec.table, spec.serial);
  return copied;
}

/**
 * Copies every journal table from `source` to `target` (both migrated to the latest schema) and verifies each;
 * `progress` hears each table as it is done.
 */
export async function copyJournal(
  source: UntypedDb,
  target: UntypedStoreDb,
  progress: (report: TableReport) => void = () => undefined,
): Promise<TableReport[]> {
  const reports: TableReport[] = [];
  for (const spec of JOURNAL_TABLES) {
    const columns = await columnsOf(source, spec.table);
    const copied = await copyTable(source, target, spec, columns).catch((error: unknown) => {
      throw new Error(`copying ${spec.table}: ${errorReason(error)}`, { cause: error });
    });
    const [from, to] = [await summarize(source, spec, columns), await summarize(target, spec, columns)];
    const report = {
      table: spec.table,
      copied,
      source: from,
      target: to,
      verified: from.rows === to.rows && from.checksum === to.checksum,
    };
    reports.push(report);
    progress(report);
  }
  return reports;
}
