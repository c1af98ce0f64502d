/** The sources an answer cites: the search results its text blocks point at, in the order first cited, each once. */
import type { ContentBlock } from '@anthropic-ai/sdk/resources/messages';
import type { CitableItem } from '../objects/kind.ts';

export interface CitedSource {
  /** The search result's source as the tool gave it (e.g. `journal://entry/12`). */
  source: string;
  title: string;
}

/**
 * The sources an answer names by reference when passages went as text (no citations exist then): each passage whose
 * reference (e.g. `/entry_12`) the answer writes, in the order first written, each once. `/entry_1` never matches
 * inside `/entry_12`.
 */
export function referencedSources(answer: string, passages: readonly CitableItem[]): CitedSource[] {
  const found: { at: number; source: CitedSource }[] = [];
  const seen = new Set<string>();
  for (const p of passages) {
    if (p.reference === undefined || seen.has(p.source)) continue;
    const at = firstWholeMatch(answer, p.reference);
    if (at < 0) continue;
    seen.add(p.source);
    found.push({ at, source: { source: p.source, title: p.title } });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.source);
}

/** Where `token` first stands in `text` not followed by a word character, or -1. */
function firstWholeMatch(text: string, token: string): number {
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1))
    if (!/\w/.test(text[at + token.length] ?? '')) return at;
  return -1;
}

export function citedSources(content: readonly ContentBlock[]): CitedSource[] {
  const seen = new Map<string, CitedSource>();
  for (const block of content) {
    if (block.type !== 'text') continue;
    for (const citation of block.citations ?? []) {
      // Only search results name our sources; a document or web citation has none of ours to map back.
      if (citation.type !== 'search_result_location' || seen.has(citation.source)) continue;
      seen.set(citation.source, { source: citation.source, title: citation.title ?? citation.source });
    }
  }
  return [...seen.values()];
}
