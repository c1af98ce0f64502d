/** A view's searches as one FTS5 MATCH expression (the syntax itself lives in search-syntax.ts). */
import { ftsExpression, parseSearch } from './search-syntax.ts';

/** Every search of a view, ANDed; null when the view has none. Stored searches are validated when loaded. */
export function combinedFtsQuery(searches: readonly string[] | undefined): string | null {
  const parts = (searches ?? []).map((s) => ftsExpression(parseSearch(s)));
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : parts.map((q) => `(${q})`).join(' AND ');
}
