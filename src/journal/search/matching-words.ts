/**
 * Which words of a text a search matched, for marking them (the web view's excerpts): a word matches when one of its
 * forms (db/search-text.ts queryForms: as typed and stemmed in each language) is a form of a word the search looks
 * for, or, for word*, starts with one. Excluded words are not marked.
 */
import { queryForms } from '../../db/search/search-text.ts';
import { parseSearch } from './search-syntax.ts';

/** The test of a text's word against a query; nothing matches a query that does not parse. */
export function matchingWords(query: string): (word: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  let parsed;
  try {
    parsed = parseSearch(query);
  } catch {
    return () => false;
  }
  for (const term of [...parsed.any, ...parsed.all])
    for (const form of queryForms(term.text))
      form.forEach((w, i) => (term.prefix && i === form.length - 1 ? prefixes.push(w) : exact.add(w)));
  return (word) =>
    queryForms(word).some(([f]) => f !== undefined && (exact.has(f) || prefixes.some((p) => f.startsWith(p))));
}
