/**
 * The time a search names ("walks in May 2023", "last summer", "вчера"): its words leave the text query (they are
 * seldom in the entries, and a word every entry must hold would make the search fail) and the model is told the range
 * in the owner's local days, to narrow with getDateRangeView. A query that names only a time gives that range's view.
 * Wraps the search method from outside, so the search itself (its ranking, its syntax) stays its own.
 */
import type { MethodDefinition } from '../../objects/kind.ts';
import { datesInQuery, type QueryDates } from '../dates/query-dates.ts';
import { checkSearch } from '../search/search-syntax.ts';
import { withDateRange, type JournalView } from './journal-view.ts';

/** The time words of a query, when they stand outside any "phrase" and are not excluded with -; else null. */
export function searchDates(query: string, today: string): QueryDates | null {
  const dates = datesInQuery(query, today);
  if (!dates) return null;
  const at = query.indexOf(dates.words);
  const quotesBefore = (query.slice(0, at).match(/"/g) ?? []).length;
  if (at < 0 || quotesBefore % 2 === 1 || dates.words.includes('"') || query[at - 1] === '-') return null;
  // What is left must still be a query (or nothing at all).
  if (dates.rest !== '' && 'problem' in checkSearch(dates.rest)) return null;
  return dates;
}

const rangeCall = (d: QueryDates) => `getDateRangeView({startDate: "${d.startDate}", endDate: "${d.endDate}"})`;

/** The search method, reading the time its query names first (`today`: the owner's local day). */
export function withSearchDates(
  search: MethodDefinition<JournalView>,
  today: () => string,
  collectionKind: string,
): MethodDefinition<JournalView> {
  return {
    ...search,
    run: async (view, args: { query: string }, ctx) => {
      const dates = searchDates(args.query, today());
      if (!dates) return search.run(view, args, ctx);
      const range = `${dates.startDate}..${dates.endDate}`;
      if (dates.rest === '')
        return {
          object: { kind: collectionKind, state: withDateRange(view, dates.startDate, dates.endDate) },
          note: `The query names only a time, ${JSON.stringify(dates.words)} (${range}): this handle holds those days' entries.`,
        };
      const outcome = await search.run(view, { ...args, query: dates.rest }, ctx);
      if (!('object' in outcome)) return outcome;
      return {
        ...outcome,
        note: `The query names a time, ${JSON.stringify(dates.words)} (${range}); searched for ${JSON.stringify(dates.rest)} in every date. To keep to that time: ${rangeCall(dates)} on this handle.`,
      };
    },
  };
}
