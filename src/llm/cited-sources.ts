/** The sources an answer cites: the search results its text blocks point at, in the order first cited, each once. */
import type { ContentBlock } from '@anthropic-ai/sdk/resources/messages';

export interface CitedSource {
  /** The search result's source as the tool gave it (e.g. `journal://entry/12`). */
  source: string;
  title: string;
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
