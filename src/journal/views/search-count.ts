/**
 * What a search view's description counts: its matches up to a cap. A common word in a large journal matches tens of
 * thousands of entries, and counting every one (with their days and first and last dates) cost more than finding the
 * first page: a search on 100,000 entries spent 30 to 110 ms on its description alone. Past the cap the description
 * says "more than 1,000 entries", and getOverview, getTotalEntryCount and getDayCount count all of them when asked.
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { viewSearches } from '../search/fts-query.ts';
import { countView, viewRows, type ViewCounts } from './entry-queries.ts';
import type { JournalView } from './journal-view.ts';

/** Matches a search view's description counts before it says "more than". */
export const DESCRIBED_MATCHES_CAP = 1_000;

/** A view's counts for its description: exact, or for a search past the cap `{ more: cap }` without the rest. */
export type DescribedCounts = ViewCounts | { more: number };

/**
 * The search's matches streamed from the text index, each looked up by its key and tested against the view's other
 * filters, reading stops at cap + 1: the work is bounded by the cap, not by how common the words are.
 */
async function countMatchesUpTo(db: JournalDb, ownerId: number, view: JournalView, cap: number): Promise<number> {
  const matches = db.store.searchMatches(viewSearches(view.search)!).as('m');
  const capped = viewRows(db, ownerId, { ...view, search: undefined }, 'list', 'scores')
    .innerJoin(matches, (join) => join.onRef('m.id', '=', 'entry.id'))
    .select('entry.id')
    .limit(cap + 1)
    .as('capped');
  const row = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function describedCounts(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  cap = DESCRIBED_MATCHES_CAP,
): Promise<DescribedCounts> {
  if (view.search !== undefined && (await countMatchesUpTo(db, ownerId, view, cap)) > cap) return { more: cap };
  return countView(db, ownerId, view);
}
