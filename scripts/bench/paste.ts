/** The two baselines the handles are measured against: paste the whole journal, or paste the BM25 top 20 (FTS5). */
import type SQLite from 'better-sqlite3';
import { countTokens } from './tokenizer.ts';

export const PASTE_SYSTEM =
  'Answer the question from the journal entries below. Each entry starts with its date and time.';

interface EntryText {
  id: number;
  day: string;
  time: string;
  content: string;
}

/** An entry as pasted: compact, date and time then the text (whose first line is the title). */
export const pasteText = (e: EntryText): string => `${e.day} ${e.time}\n${e.content}`;
const SEPARATOR = '\n\n';

export interface PasteAll {
  /** Tokens of the entries alone (the question and instruction are added per question). */
  entryTokens: number;
  /** Exact when every entry was tokenized; else tokens per character of a sample, times all characters. */
  method: 'exact' | 'sampled';
  sampled: number;
  entries: number;
}

/** Tokens of the whole journal pasted; exact up to `exactUpTo` entries, beyond that a systematic sample (every k-th entry). */
export function pasteAllTokens(
  raw: SQLite.Database,
  ownerId: number,
  exactUpTo = 25_000,
  sampleSize = 20_000,
): PasteAll {
  const { n, chars } = raw
    .prepare(
      `SELECT count(*) AS n, coalesce(sum(length(content)), 0) + count(*) * ${'YYYY-MM-DD HH:mm\n'.length + SEPARATOR.length} AS chars FROM entry WHERE owner_id = ?`,
    )
    .get(ownerId) as { n: number; chars: number };
  const step = n <= exactUpTo ? 1 : Math.ceil(n / sampleSize);
  const rows = raw
    .prepare(
      `SELECT id, local_day AS day, local_time AS time, content FROM entry WHERE owner_id = ? ORDER BY local_day, written_at, id`,
    )
    .iterate(ownerId) as IterableIterator<EntryText>;
  let tokens = 0;
  let sampleChars = 0;
  let sampled = 0;
  let chunk: string[] = [];
  let i = 0;
  const flush = () => {
    const text = chunk.join(SEPARATOR);
    tokens += countTokens(text);
    sampleChars += text.length + SEPARATOR.length * chunk.length;
    chunk = [];
  };
  for (const row of rows) {
    if (i++ % step !== 0) continue;
    chunk.push(pasteText(row));
    sampled++;
    if (chunk.length >= 2_000) flush();
  }
  if (chunk.length) flush();
  if (step === 1) return { entryTokens: tokens, method: 'exact', sampled, entries: n };
  return { entryTokens: Math.round((tokens / sampleChars) * chars), method: 'sampled', sampled, entries: n };
}

/** Tokens of one paste-everything request for a question. */
export const pasteAllRequestTokens = (p: PasteAll, question: string): number =>
  countTokens(PASTE_SYSTEM) + p.entryTokens + countTokens(question);

const STOPWORDS = new Set(
  (
    'a an the and or but i me my we you it its is are was were be been do did does how many much what which when where who why ' +
    'in on at of to for with about than more most each this that these those there any not since between around times often ' +
    'journal write wrote written mention mentioned first last kept keep have has had go went'
  ).split(' '),
);

/** A plain BM25 query from a question: its content words, OR-ed, each quoted (no dates, no rewriting). */
export function bm25Query(question: string): string | null {
  const words = (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w));
  const unique = [...new Set(words)];
  return unique.length ? unique.map((w) => `"${w}"`).join(' OR ') : null;
}

export interface Retrieval {
  query: string | null;
  ids: number[];
  /** Tokens of the request: instruction, the retrieved entries, the question. */
  tokens: number;
}

/** The top 20 entries by FTS5 rank (bm25) for the question's words, pasted with the question. */
export function bm25Top(raw: SQLite.Database, ownerId: number, question: string, k = 20): Retrieval {
  const query = bm25Query(question);
  const rows = query
    ? (raw
        .prepare(
          `SELECT e.id, e.local_day AS day, e.local_time AS time, e.content FROM entry_fts JOIN entry e ON e.id = entry_fts.rowid
          WHERE entry_fts MATCH ? AND e.owner_id = ? ORDER BY entry_fts.rank LIMIT ?`,
        )
        .all(query, ownerId, k) as EntryText[])
    : [];
  const text = rows.map(pasteText).join(SEPARATOR);
  return {
    query,
    ids: rows.map((r) => r.id),
    tokens: countTokens(PASTE_SYSTEM) + (text ? countTokens(text) : 0) + countTokens(question),
  };
}
