/**
 * Every SQL statement a journal view reads: counts, days, entries and the overview, all on (owner_id, local_day,
 * written_at). How a page of entries is read (ids, the date index or a probing walk) is entry-pages.ts's choice.
 */
import { sql } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import type { SearchAccess } from '../../db/store.ts';
import { viewSearches } from '../search/fts-query.ts';
import type { JournalView } from './journal-view.ts';
import { monthDayCalendarDays } from './on-this-day.ts';

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

/**
 * The owner's condition written so no index can serve it (`+owner_id`, on both stores). Where a view has no date to
 * drive from, its tag's or search's ids must drive the read: SQLite without statistics (a journal is never ANALYZEd)
 * otherwise walks every row of the owner's index to test each against the ids, a cost that grows with the journal.
 */
export const ownerNotIndexed = sql<number>`+owner_id`;

/**
 * What a view's read starts from: its tag's or search's ids (where it has no dates), the owner's date index, or the
 * search's scored matches joined to it (`scores`: the owner's index must not drive, as with ids).
 */
export type ViewDrive = 'ids' | 'days' | 'scores';

/** Whether the view is read from its tag's or search's ids: it has them and no dates to start from. */
export function readsByIds(view: JournalView, access: SearchAccess): boolean {
  return (
    (view.tags !== undefined || (view.search !== undefined && access === 'list')) &&
    view.from === undefined &&
    view.to === undefined &&
    view.monthDays === undefined
  );
}

/** The SQL condition of one tag on `entry.id`, on the (owner_id, tag, entry_id) index. */
function tagCondition(ownerId: number, tag: string) {
  return sql<boolean>`entry.id IN (SELECT entry_id FROM entry_tag WHERE owner_id = ${ownerId} AND tag = ${tag})`;
}

/** The rows of one owner that a view stands for; the date range runs on the index, the search on the store's text index. */
export function viewRows(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  access: SearchAccess = 'list',
  drive: ViewDrive = 'ids',
) {
  const monthDays = monthDayCalendarDays(view);
  let query = db
    .selectFrom('entry')
    .where(
      drive === 'scores' || (drive === 'ids' && readsByIds(view, access)) ? ownerNotIndexed : 'owner_id',
      '=',
      ownerId,
    );
  if (view.journal !== undefined) query = query.where('journal', '=', view.journal);
  if (view.from !== undefined) query = query.where('local_day', '>=', view.from);
  if (view.to !== undefined) query = query.where('local_day', '<=', view.to);
  if (monthDays !== null)
    query = monthDays.length ? query.where('local_day', 'in', monthDays) : query.where(sql<boolean>`1 = 0`);
  for (const tag of view.tags ?? []) query = query.where(tagCondition(ownerId, tag));
  const searches = viewSearches(view.search);
  if (searches === null) return query;
  return query.where(db.store.searchCondition(searches, 'entry', access));
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

/**
 * The view's entries counted up to `cap` + 1: a page's total that stops growing with the journal. A result above
 * `cap` means "more than cap" (a common word's matches, which counting one by one would read every one of).
 */
export async function countEntriesUpTo(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  cap: number,
): Promise<number> {
  const row = await db
    .selectFrom(
      viewRows(db, ownerId, view)
        .select('id')
        .limit(cap + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('entries'))
    .executeTakeFirstOrThrow();
  return Number(row.entries);
}

/** Which of `days` have entries: one seek of the index per day, so the cost follows the days asked, not the entries. */
export async function daysWithEntries(
  db: JournalDb,
  ownerId: number,
  days: readonly string[],
  journal?: string,
): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  // `journal`: that journal's entries alone (a stored name); every journal's when left out.
  const ofJournal = journal === undefined ? sql`` : sql` AND journal = ${journal}`;
  const { rows } = await sql<{
    day: string;
  }>`SELECT d.column1 AS day FROM (VALUES ${sql.join(days.map((d) => sql`(${d})`))}) AS d
    WHERE EXISTS (SELECT 1 FROM entry WHERE owner_id = ${ownerId} AND local_day = d.column1${ofJournal})`.execute(db);
  return new Set(rows.map((r) => r.day));
}

/**
 * The view's last day with entries before `before`, and first after `after` (null: none): two seeks of the index
 * for the whole journal or one journal (`{ journal }`), the views the web's calendar asks about.
 */
export async function nearestEntryDays(
  db: JournalDb,
  ownerId: number,
  before: string,
  after: string,
  view: JournalView = {},
): Promise<{ before: string | null; after: string | null }> {
  const [earlier, later] = await Promise.all([
    viewRows(db, ownerId, view)
      .select((eb) => eb.fn.max('local_day').as('day'))
      .where('local_day', '<', before)
      .executeTakeFirst(),
    viewRows(db, ownerId, view)
      .select((eb) => eb.fn.min('local_day').as('day'))
      .where('local_day', '>', after)
      .executeTakeFirst(),
  ]);
  return { before: earlier?.day ?? null, after: later?.day ?? null };
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
  return {
    entries: Number(row.entries),
    days: Number(row.days),
    firstDate: row.firstDate ?? null,
    lastDate: row.lastDate ?? null,
  };
}

/** One local day's entries in the view, oldest first (a day is a short walk, so a search probes row by row). */
export async function findEntriesForDay(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  day: string,
): Promise<Omit<JournalEntryValue, 'date'>[]> {
  return viewRows(db, ownerId, view, 'probe')
    .where('local_day', '=', day)
    .select(['id', 'local_time as time', 'title', 'content'])
    .orderBy('written_at')
    .orderBy('id')
    .execute();
}

/** One entry of the view by id, whole; undefined when the view does not hold it. */
export async function findEntry(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  id: number,
): Promise<JournalEntryValue | undefined> {
  return viewRows(db, ownerId, view, 'probe')
    .where('id', '=', id)
    .select(['id', 'local_day as date', 'local_time as time', 'title', 'content'])
    .executeTakeFirst();
}

/** Entry and day counts per period, oldest first; days are grouped on the index, then folded into months or years. */
export async function countByPeriod(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  period: OverviewPeriod,
): Promise<OverviewGroup[]> {
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

/** The view's first `limit` entries, newest day first and in time order within a day (on-this-day lists years back). */
export async function findEntriesNewestDayFirst(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  limit: number,
): Promise<JournalEntryValue[]> {
  return viewRows(db, ownerId, view)
    .select(['id', 'local_day as date', 'local_time as time', 'title', 'content'])
    .orderBy('local_day', 'desc')
    .orderBy('written_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Every entry of the view in journal order, as a reader reads it (ask bounds the count before calling this). */
export async function findViewEntries(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
): Promise<{ id: number; date: string; time: string; content: string }[]> {
  return viewRows(db, ownerId, view)
    .select(['id', 'local_day as date', 'local_time as time', 'content'])
    .orderBy('local_day')
    .orderBy('written_at')
    .orderBy('id')
    .execute();
}
