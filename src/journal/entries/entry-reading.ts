/**
 * Reading entries of any length: a list carries at most one page of each entry's content, marked as cut with the
 * full length and how to read on; getEntry reads one page at a time. A page is measured as the model receives it
 * (JSON, escapes included), so one entry always fits a result and paging always advances.
 */
import { DEFAULT_RESULT_LIMIT } from '../../objects/bound-result.ts';

/** The JSON size of one content page: well under the result bound, leaving room for the other fields. */
export const CONTENT_PAGE_CHARS = Math.floor(DEFAULT_RESULT_LIMIT * 0.4);

/** What a character costs inside a JSON string: escapes take 2 (\n, \") or 6 (\u0001) characters. */
function jsonWidth(code: number): number {
  if (
    code === 0x22 ||
    code === 0x5c ||
    code === 0x08 ||
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0c ||
    code === 0x0d
  )
    return 2;
  return code < 0x20 ? 6 : 1;
}

/** Where the page starting at `offset` ends: as much text as fits `budget` JSON characters, never half a surrogate pair. */
export function pageEnd(text: string, offset: number, budget = CONTENT_PAGE_CHARS): number {
  // No character costs more than 6: a rest that short fits without measuring (most entries, on every list).
  if ((text.length - offset) * 6 <= budget) return text.length;
  // A rest that fits whole is measured natively: JSON.stringify escapes exactly as jsonWidth counts (lone surrogates
  // included), and walking each character in JS cost milliseconds on a day of long entries.
  if (text.length - offset <= budget && JSON.stringify(offset === 0 ? text : text.slice(offset)).length - 2 <= budget)
    return text.length;
  let cost = 0;
  let end = offset;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const paired =
      code >= 0xd800 && code <= 0xdbff && end + 1 < text.length && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    const lone = !paired && code >= 0xd800 && code <= 0xdfff;
    const [width, units] = paired ? [2, 2] : lone ? [6, 1] : [jsonWidth(code), 1];
    if (cost + width > budget) break;
    cost += width;
    end += units;
  }
  return end;
}

export interface ContentCut {
  /** The whole content's length in characters (UTF-16 code units), when the content shown is only its start. */
  contentLength?: number;
  cut?: string;
}

/** An entry as a list shows it: whole when it fits one page, else its first page, marked with how to read on. */
export function withContentCut<E extends { id: number; content: string }>(entry: E): E & ContentCut {
  const end = pageEnd(entry.content, 0);
  if (end === entry.content.length) return entry;
  return {
    ...entry,
    content: entry.content.slice(0, end),
    contentLength: entry.content.length,
    cut: `content cut at ${end} of ${entry.content.length} characters; read on with getEntry(id: ${entry.id}, offset: ${end})`,
  };
}

export interface EntryPage {
  id: number;
  date: string;
  time: string;
  title: string;
  /** Characters offset..offset+content.length of the whole content. */
  content: string;
  offset: number;
  contentLength: number;
  /** Where the next page starts; null when this page reaches the end. */
  nextOffset: number | null;
}

/** One page of one entry's content, from `offset` (which must not be past the end). */
export function entryPage(
  entry: { id: number; date: string; time: string; title: string; content: string },
  offset: number,
): EntryPage {
  const end = pageEnd(entry.content, offset);
  return {
    id: entry.id,
    date: entry.date,
    time: entry.time,
    title: entry.title,
    content: entry.content.slice(offset, end),
    offset,
    contentLength: entry.content.length,
    nextOffset: end < entry.content.length ? end : null,
  };
}
