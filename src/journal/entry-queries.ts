/** Every SQL statement a journal view reads: counts, days, pages and the overview, all on (owner_id, local_day, written_at). */
import { sql } from 'kysely';
import type { JournalDb } from '../db/open-database.ts';
import { combinedFtsQuery } from './fts-query.ts';
import type { JournalView } from './journal-view.ts';

/** An entry as the model reads it. */
export interface JournalEntryValue {
  id: number;
  date: string;
  time: string;
  title: string;
  content: string;
}

export interface ViewCounts {
  entries: number;
  days: number;
  firstDate: string | null;
  lastDate: string | null;
}

export type OverviewPeriod = 'year' | 'month' | 'day';

export interface OverviewGroup {
  period: string;
  days: number;
  entries: number;
}

/** The rows of one owner that a view stands for; the date range runs on the index, the search on FTS5. */
function viewRows(db: JournalDb, ownerId: number, view: JournalView) {
  let query = db.selectFrom('entry').where('owner_id', '=', ownerId);
  if (view.from !== undefined) query = query.where('local_day', '>=', view.from);
  if (view.to !== undefined) query = query.where('local_day', '<=', view.to);
  const match = combinedFtsQuery(view.search);
  if (match !== null) query = query.where(sql<boolean>`id IN (SELECT rowid FROM entry_fts WHERE entry_fts MATCH ${match})`);
  return query;
}

export async function countDays(db: JournalDb, ownerId: number, view: JournalView): Promise<number> {
  const row = await viewRows(db, ownerId, view)
    .select((eb) => eb.fn.count<number>('local_day').distinct().as('days'))
    .executeTakeFirstOrThrow();
  return Number(row.days);
}

export async function countEntries(db: JournalDb, ownerId: number, view: JournalView): Promise<number> {
  const row = await viewRows(db, ownerId, view)
    .select((eb) => eb.fn.countAll<number>().as('entries'))
    .executeTakeFirstOrThrow();
  return Number(row.entries);
}

/** Entries, days, and the first and last day, in one pass over the index. */
export async function countView(db: JournalDb, ownerId: number, view: JournalView): Promise<ViewCounts> {
  const row = await viewRows(db, ownerId, view)
    .select((eb) => [
      eb.fn.countAll<number>().as('entries'),
      eb.fn.count<number>('local_day').distinct().as('days'),
      eb.fn.min('local_day').as('firstDate'),
      eb.fn.max('local_day').as('lastDate'),
    ])
    .executeTakeFirstOrThrow();
  return { entries: Number(row.entries), days: Number(row.days), firstDate: row.firstDate ?? null, lastDate: row.lastDate ?? null };
}

/** One local day's entries in the view, oldest first. */
export async function findEntriesForDay(db: JournalDb, ownerId: number, view: JournalView, day: string): Promise<Omit<JournalEntryValue, 'date'>[]> {
  return viewRows(db, ownerId, view)
    .where('local_day', '=', day)
    .select(['id', 'local_time as time', 'title', 'content'])
    .orderBy('written_at')
    .orderBy('id')
    .execute();
}

/** A page of the view's entries, oldest first. */
export async function findEntriesPage(db: JournalDb, ownerId: number, view: JournalView, limit: number, offset: number): Promise<JournalEntryValue[]> {
  return viewRows(db, ownerId, view)
    .select(['id', 'local_day as date', 'local_time as time', 'title', 'content'])
    .orderBy('local_day')
    .orderBy('written_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Entry and day counts per period, oldest first; days are grouped on the index, then folded into months or years. */
export async function countByPeriod(db: JournalDb, ownerId: number, view: JournalView, period: OverviewPeriod): Promise<OverviewGroup[]> {
  const perDay = viewRows(db, ownerId, view)
    .select((eb) => ['local_day', eb.fn.countAll<number>().as('entries')])
    .groupBy('local_day');
  if (period === 'day') {
    const rows = await perDay.orderBy('local_day').execute();
    return rows.map((r) => ({ period: r.local_day, days: 1, entries: Number(r.entries) }));
  }
  const width = period === 'month' ? 7 : 4;
  const rows = await db
    .selectFrom(perDay.as('d'))
    .select((eb) => [
      sql<string>`substr(d.local_day, 1, ${sql.lit(width)})`.as('period'),
      eb.fn.countAll<number>().as('days'),
      eb.fn.sum<number>('d.entries').as('entries'),
    ])
    .groupBy('period')
    .orderBy('period')
    .execute();
  return rows.map((r) => ({ period: r.period, days: Number(r.days), entries: Number(r.entries) }));
}

/** About how many characters the owner's whole journal takes as the model would read it (the pasting baseline). */
export async function pastedJournalChars(db: JournalDb, ownerId: number): Promise<number> {
  // Each entry is read as {"id","date","time","title","content"}: ~60 characters of JSON around its text.
  const row = await db
    .selectFrom('entry')
    .select(sql<number>`coalesce(sum(length(title) + length(content) + 60), 0)`.as('chars'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.chars);
}
