/**
 * What a reading question costs without ask, on the same view: paste the view's entries into one request, or page
 * through them with getEntries (every page stays in the conversation). Token counts are exact up to a volume, then
 * sampled (every k-th piece tokenized, scaled by characters), as for pasting the whole journal.
 */
import type SQLite from 'better-sqlite3';
import { DEFAULT_RESULT_LIMIT } from '../../src/objects/bound-result.ts';
import { PASTE_SYSTEM, pasteText } from './paste.ts';
import { countTokens } from './tokenizer.ts';

export interface ViewEntry {
  id: number;
  day: string;
  time: string;
  title: string;
  content: string;
}

/** The view's entries in journal order, straight from SQL (LIKE for the word, as the truth does). */
export function viewEntries(
  raw: SQLite.Database,
  ownerId: number,
  view: { from: string; to: string; word?: string },
): ViewEntry[] {
  return raw
    .prepare(
      `SELECT id, local_day AS day, local_time AS time, title, content FROM entry
      WHERE owner_id = ? AND local_day >= ? AND local_day <= ? AND content LIKE ? ORDER BY local_day, written_at, id`,
    )
    .all(ownerId, view.from, view.to, view.word ? `%${view.word}%` : '%') as ViewEntry[];
}

/** Tokens of many texts: exact while their characters stay under `exactChars`, else every k-th tokenized and scaled. */
export function tokensOfTexts(texts: string[], exactChars = 3_000_000): { tokens: number; exact: boolean } {
  const chars = texts.reduce((s, t) => s + t.length, 0);
  if (chars <= exactChars) return { tokens: texts.reduce((s, t) => s + countTokens(t), 0), exact: true };
  const step = Math.ceil(chars / exactChars);
  let sampleTokens = 0;
  let sampleChars = 0;
  for (let i = 0; i < texts.length; i += step) {
    sampleTokens += countTokens(texts[i]!);
    sampleChars += texts[i]!.length;
  }
  return { tokens: Math.round((sampleTokens / sampleChars) * chars), exact: false };
}

/** One request holding the view's entries and the question. */
export function pasteViewTokens(entries: ViewEntry[], question: string): number {
  const pieces: string[] = [];
  for (let i = 0; i < entries.length; i += 500)
    pieces.push(
      entries
        .slice(i, i + 500)
        .map(pasteText)
        .join('\n\n'),
    );
  return countTokens(PASTE_SYSTEM) + tokensOfTexts(pieces).tokens + countTokens(question);
}

export interface Paging {
  /** getEntries calls to read the whole view, 100 entries asked each time, each result cut to the result limit. */
  pages: number;
  /** The last request: the conversation's start plus every page read. */
  peak: number;
  /** Every request of the loop summed (each resends the pages before it). */
  total: number;
  /** Whether it fits the loop's 20 calls and 100k-token budget. */
  fits: boolean;
}

/** Paging through the view with getEntries(limit 100): pages as the result bound cuts them, each kept in the context. */
export function pagingCost(
  entries: ViewEntry[],
  firstRequest: number,
  limits = { steps: 20, budget: 100_000 },
): Paging {
  const json = entries.map((e) =>
    JSON.stringify({ id: e.id, date: e.day, time: e.time, title: e.title, content: e.content }),
  );
  const pageTexts: string[] = [];
  let page: string[] = [];
  let chars = 1;
  for (const item of json) {
    // As boundResult keeps items: whole ones while they fit with room for its note.
    if (page.length === 100 || (page.length > 0 && chars + item.length + 1 + 400 > DEFAULT_RESULT_LIMIT)) {
      pageTexts.push(`{"value":[${page.join(',')}]}`);
      page = [];
      chars = 1;
    }
    page.push(item);
    chars += item.length + 1;
  }
  if (page.length) pageTexts.push(`{"value":[${page.join(',')}]}`);
  const { tokens } = tokensOfTexts(pageTexts);
  const allChars = pageTexts.reduce((s, t) => s + t.length, 0) || 1;
  const call = countTokens(
    'invokeMethod {"objId":"00000000-0000-4000-8000-000000000001","methodName":"getEntries","args":{"limit":100,"offset":1000}}',
  );
  let context = firstRequest + call; // after the view is made
  let total = firstRequest;
  for (const text of pageTexts) {
    context += call + Math.round((tokens * text.length) / allChars);
    total += context;
  }
  return {
    pages: pageTexts.length,
    peak: context,
    total,
    fits: pageTexts.length + 2 <= limits.steps && total <= limits.budget,
  };
}
