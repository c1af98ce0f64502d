/**
 * A search result's short excerpt: the entry's text around the first word the search matched, the matched words
 * marked. Words are compared as the search index reads them (journal/search/matching-words.ts: every word form,
 * case and accents folded), a word* by its start; a phrase marks each of its words. Markdown's markers are dropped from the excerpt, which is
 * plain text. An entry found by its tags or place alone shows its beginning.
 */
import { matchingWords } from '../journal/search/matching-words.ts';
import { html, type Html } from './html.ts';

const WORD = /[\p{L}\p{N}]+/gu;
/** Characters of text before the first match, and in all. */
const BEFORE = 60;
const WIDTH = 220;

/** Markdown's markers out, runs of space one space: what the excerpt reads. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|\*|`|~~)/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The excerpt of `text` for `query`, the matching words in <mark>. */
export function searchExcerpt(text: string, query: string): Html {
  const plain = plainText(text);
  const matches = matchingWords(query);
  const spans: { start: number; end: number }[] = [];
  for (const m of plain.matchAll(WORD)) if (matches(m[0])) spans.push({ start: m.index, end: m.index + m[0].length });
  let from = 0;
  if (spans.length > 0 && spans[0]!.start > BEFORE) {
    // Start at a word boundary a little before the first match.
    const space = plain.indexOf(' ', spans[0]!.start - BEFORE);
    from = space >= 0 && space < spans[0]!.start ? space + 1 : spans[0]!.start;
  }
  let to = Math.min(plain.length, from + WIDTH);
  if (to < plain.length) {
    const space = plain.lastIndexOf(' ', to);
    if (space > from + WIDTH / 2) to = space;
  }
  const parts: (Html | string)[] = [];
  let at = from;
  for (const s of spans) {
    if (s.start < from || s.end > to) continue;
    parts.push(plain.slice(at, s.start), html`<mark>${plain.slice(s.start, s.end)}</mark>`);
    at = s.end;
  }
  parts.push(plain.slice(at, to));
  return html`${from > 0 ? '…' : ''}${parts}${to < plain.length ? '…' : ''}`;
}
