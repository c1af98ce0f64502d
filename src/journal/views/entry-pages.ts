/**
 * A page of a view's entries: a search view's best matches first (BM25, the newer first among equals), or by date
 * when asked, read the way that costs least for that view: from its tag's or search's ids, walking the owner's date
 * index, or (a search on a store that can) a bounded probing walk that a common word fills at once. The view's SQL
 * itself is entry-queries.ts's; this file only chooses how a page is read.
 */
import { sql } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import type { SearchAccess } from '../../db/store.ts';
import { searchPlan } from '../../db/search/search-plan.ts';
import { searchCandidates } from '../../db/search/search-window.ts';
import { viewSearches } from '../search/fts-query.ts';
import type { JournalView } from './journal-view.ts';
import { countEntriesUpTo, readsByIds, viewRows, type JournalEntryValue, type ViewDrive } from './entry-queries.ts';

/** The most ids a page of a view reads and sorts; a view with more walks the date index instead. */
const SORT_BY_IDS_LIMIT = 1_000;

/** Index rows a search page may walk, probing the text index row by row, before listing all matches is the cheaper way. */
const PROBE_WALK_LIMIT = 500;

/** How a page is ordered: best matches first (a search view's own order), or by date. */
export type PageOrder = 'best' | 'newest' | 'oldest';

/** A view's order when none is asked: a search view's best matches first, any other view oldest first. */
export const defaultOrder = (view: JournalView): PageOrder => (view.search === undefined ? 'oldest' : 'best');

/** The entry columns a page shows. */
const PAGE_COLUMNS = ['entry.id', 'local_day as date', 'local_time as time', 'title', 'content'] as const;

/**
 * A page of a search view's best matches, read from the search's candidates (db/search/search-window.ts: every match of its
 * rare words and its 1,000 newest matches, with their BM25 over the whole index, a common word's entry count
 * estimated), the view's other filters on the entry row, ties to the newer entry. A page past the candidates that pass
 * the view reads on through the other matches, each scored by the exact BM25 and listed best first after every
 * candidate.
 */
async function bestPage(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  limit: number,
  offset: number,
): Promise<JournalEntryValue[]> {
  const searches = viewSearches(view.search)!;
  const others = { ...view, search: undefined };
  const { scored, complete } = await searchCandidates(searchPlan(searches), db.store.searchWindow(db));
  const scores = new Map(scored.map((s) => [s.id, s.score]));
  const passing =
    scored.length === 0
      ? []
      : await viewRows(db, ownerId, others, 'list', 'scores')
          .where('entry.id', 'in', [...scores.keys()])
          .select(['entry.id', 'written_at'])
          .execute();
  const ranked = passing
    .map((r) => ({ id: Number(r.id), at: r.written_at, score: scores.get(Number(r.id))! }))
    .sort((a, b) => b.score - a.score || (a.at < b.at ? 1 : a.at > b.at ? -1 : 0) || b.id - a.id);
  const taken = ranked.slice(offset, offset + limit).map((r) => r.id);
  const rows =
    taken.length === 0
      ? []
      : await db.selectFrom('entry').select(PAGE_COLUMNS).where('entry.id', 'in', taken).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const page = taken.map((id) => byId.get(id)!);
  if (complete || page.length === limit) return page;
  // Past the candidates: the other matches, all scored (a page this far in may read every match).
  const all = db.store.searchScores(searches).as('s');
  const rest = await viewRows(db, ownerId, others, 'list', 'scores')
    .innerJoin(all, (join) => join.onRef('s.id', '=', 'entry.id'))
    .$if(scored.length > 0, (q) => q.where('entry.id', 'not in', [...scores.keys()]))
    .select(PAGE_COLUMNS)
    .orderBy('s.score', 'desc')
    .orderBy('written_at', 'desc')
    .orderBy('entry.id', 'desc')
    .limit(limit - page.length)
    .offset(Math.max(0, offset - ranked.length))
    .execute();
  return [...page, ...rest];
}

/** Which page of a view: its size, how many entries before it, and in what order (a search's best first by default). */
export interface PageRequest {
  limit: number;
  offset: number;
  order?: PageOrder;
}

/** A page of the view's entries, best matches first for a search view, else oldest first, unless `order` says. */
export async function findEntriesPage(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  { limit, offset, order = defaultOrder(view) }: PageRequest,
): Promise<JournalEntryValue[]> {
  if (order === 'best' && view.search !== undefined) return bestPage(db, ownerId, view, limit, offset);
  const direction = order === 'newest' ? 'desc' : 'asc';
  const page = (access: SearchAccess, drive: ViewDrive) =>
    viewRows(db, ownerId, view, access, drive)
      .select(['id', 'local_day as date', 'local_time as time', 'title', 'content'])
      .orderBy('local_day', direction)
      .orderBy('written_at', direction)
      .orderBy('id', direction);
  // Compiled once per view: a page of a view is asked for again and again, with another offset.
  const listed = async () => {
    // Read from its ids, a view sorts every one of them: past a thousand (a common word or tag), walking the date
    // index up to the page, testing each row against the ids, costs less and no longer grows with the matches.
    const drive: ViewDrive =
      readsByIds(view, 'list') && (await countEntriesUpTo(db, ownerId, view, SORT_BY_IDS_LIMIT)) > SORT_BY_IDS_LIMIT
        ? 'days'
        : 'ids';
    const compiled = db.compiled.get(
      `entries-page ${drive} ${direction} ${ownerId} ${JSON.stringify(view)}`,
      [limit, offset],
      (l, o) => page('list', drive).limit(l).offset(o),
    );
    return (await db.executeQuery<JournalEntryValue>(compiled)).rows;
  };
  // The probing walk below reads dates and search only; any other filter takes the listing path.
  if (
    direction === 'desc' ||
    !db.store.walksSearchPages ||
    view.search === undefined ||
    view.tags !== undefined ||
    view.monthDays !== undefined ||
    view.journal !== undefined ||
    offset + limit > PROBE_WALK_LIMIT
  )
    return listed();
  // A common word fills a first page within a short walk of the date index; a rare one does not, and then
  // listing its matches costs less than walking on. The walk is bounded so the rare case pays little for trying.
  const searches = viewSearches(view.search)!;
  const from = view.from ?? '0000-00-00';
  const to = view.to ?? '9999-99-99';
  const window = sql`SELECT id, local_day, written_at FROM entry
    WHERE owner_id = ${ownerId} AND local_day >= ${from} AND local_day <= ${to}
    ORDER BY local_day, written_at, id LIMIT ${PROBE_WALK_LIMIT}`;
  const { rows } = await sql<JournalEntryValue>`
    SELECT e.id, e.local_day AS date, e.local_time AS time, e.title, e.content
    FROM (${window}) AS w JOIN entry AS e ON e.id = w.id
    WHERE ${db.store.searchCondition(searches, 'e', 'probe')}
    ORDER BY w.local_day, w.written_at, w.id
    LIMIT ${offset + limit}`.execute(db);
  if (rows.length === offset + limit) return rows.slice(offset);
  const walked = Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM (${window}) AS walk`.execute(db)).rows[0]!.n,
  );
  return walked < PROBE_WALK_LIMIT ? rows.slice(offset) : listed();
}
