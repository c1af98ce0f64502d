/** A view's searches, parsed: each store turns them into its own index query (db/store.ts `searchCondition`). */
import { parseSearch, type SearchQuery } from './search-syntax.ts';

/** Every search of a view, to be ANDed; null when the view has none. Stored searches are validated when loaded. */
export function viewSearches(searches: readonly string[] | undefined): SearchQuery[] | null {
  const parsed = (searches ?? []).map((s) => parseSearch(s));
  return parsed.length === 0 ? null : parsed;
}
