/**
 * Search and browse without a model: `/search` and `/day` open a JournalCollection view through the same operations
 * the model calls (search(query), getDateRangeView(day, day)), so the view is a stored handle; pages of it are read
 * with the same view queries the methods run. A handle is resolved for its owner only: another owner's is unknown.
 */
import type { JournalDb } from '../db/journal-database.ts';
import { ObjectError } from '../objects/object-error.ts';
import type { ObjectOperations } from '../objects/operations.ts';
import { describeViewFilter } from './views/describe-view.ts';
import { countEntries, type JournalEntryValue } from './views/entry-queries.ts';
import { findEntriesPage } from './views/entry-pages.ts';
import { JOURNAL_COLLECTION_KIND, JOURNAL_ROOT_ID } from './journal-operations.ts';
import type { JournalView } from './views/journal-view.ts';
import { searchDates } from './views/search-dates.ts';

/** Best matches first (a search's own order), or by date. */
export type BrowseOrder = 'best' | 'newest' | 'oldest';

export interface BrowsePage {
  handle: string;
  /** What the view holds, from its filter: `Journal entries containing "walk"`. */
  description: string;
  total: number;
  /** Entries before this page, counted in `order`. */
  offset: number;
  order: BrowseOrder;
  entries: JournalEntryValue[];
}

export type Opened = { handle: string } | { problem: string };

export interface JournalBrowse {
  /**
   * A search view (the journal's search syntax); a query the syntax refuses comes back as the problem, saying why.
   * `within`: the handle searched (a topic's `journal:<name>`), the whole journal by default.
   */
  openSearch(ownerId: number, query: string, within?: string): Promise<Opened>;
  /** A view of one local day (of `within`, as for openSearch). */
  openDay(ownerId: number, day: string, within?: string): Promise<Opened>;
  /** A page of a view, or undefined when the owner holds no such handle. */
  page(
    ownerId: number,
    handle: string,
    offset: number,
    order: BrowseOrder,
    size: number,
  ): Promise<BrowsePage | undefined>;
}

async function open(
  ops: ObjectOperations,
  within: string,
  methodName: string,
  args: Record<string, string>,
): Promise<Opened> {
  try {
    const result = await ops.invokeMethod(within, methodName, args);
    if (result.type !== 'object') return { problem: `${methodName} gave no view` };
    return { handle: result.objId };
  } catch (error) {
    if (error instanceof ObjectError) return { problem: error.message };
    throw error;
  }
}

/**
 * `today`: the owner's journal day, for the dates a query names ("walk in May 2023"). search leaves such a range to
 * the model that called it (search-dates.ts); a surface without a model applies it, and the page's description says
 * it ("… from 2023-05-01 to 2023-05-31").
 */
export function createJournalBrowse(
  db: JournalDb,
  operationsFor: (ownerId: number) => ObjectOperations,
  today: () => string,
): JournalBrowse {
  return {
    async openSearch(ownerId, query, within = JOURNAL_ROOT_ID) {
      const ops = operationsFor(ownerId);
      const opened = await open(ops, within, 'search', { query });
      const dates = 'handle' in opened ? searchDates(query, today()) : null;
      // A query of nothing but a time is that range's view already.
      if (!dates || dates.rest === '' || !('handle' in opened)) return opened;
      return open(ops, opened.handle, 'getDateRangeView', { startDate: dates.startDate, endDate: dates.endDate });
    },
    openDay: (ownerId, day, within = JOURNAL_ROOT_ID) =>
      open(operationsFor(ownerId), within, 'getDateRangeView', { startDate: day, endDate: day }),

    async page(ownerId, handle, offset, order, size) {
      let resolved;
      try {
        resolved = await operationsFor(ownerId).resolve(handle);
      } catch (error) {
        if (error instanceof ObjectError) return undefined;
        throw error;
      }
      if (resolved.kind.kind !== JOURNAL_COLLECTION_KIND) return undefined;
      const view = resolved.state as JournalView;
      const total = await countEntries(db, ownerId, view);
      const from = Math.min(Math.max(0, offset), Math.max(0, total - 1));
      // Best first is a search view's own order; a view without a search has none, and lists newest first.
      const pageOrder = order === 'best' && view.search === undefined ? 'newest' : order;
      const entries = await findEntriesPage(db, ownerId, view, { limit: size, offset: from, order: pageOrder });
      const oneDay =
        view.from !== undefined &&
        view.from === view.to &&
        view.search === undefined &&
        view.tags === undefined &&
        view.journal === undefined;
      const description = oneDay ? `Your entries of ${view.from}` : describeViewFilter(view);
      return {
        handle: resolved.objId,
        description,
        total,
        offset: from,
        order: pageOrder,
        entries,
      };
    },
  };
}
