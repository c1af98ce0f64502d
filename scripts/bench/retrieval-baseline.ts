/**
 * The retrieval benchmark's baseline: search as it was before issue 47, written out by hand over the journal's rows,
 * so it stays the old behaviour whatever the index becomes. The old `search` required every whitespace-separated word
 * (each word a quoted FTS5 phrase of its tokens: `cello?` is "cello", `a-t-elle` is "a t elle"), refused a query
 * holding a word with no letter or digit (a lone "?") or an operator character, and `getEntries` paged the matches
 * oldest first. Tokens as FTS5's unicode61 tokenizer with remove_diacritics makes them: runs of letters and digits,
 * lower-cased, Latin accents folded (a run of Chinese or Japanese characters is one token).
 */
import SQLite from 'better-sqlite3';

export interface BaselineEntry {
  id: number;
  title: string[];
  content: string[];
}

const LATIN_ACCENTED = /[\u00c0-\u024f\u1e00-\u1eff]/gu;
const OPERATOR_CHARS = /[():^{}[\]<>\\|~=]/;

/** A text's tokens as unicode61 (remove_diacritics 2) makes them. */
export function baselineTokens(text: string): string[] {
  return text
    .replace(LATIN_ACCENTED, (c) => c.normalize('NFD').replace(/\p{M}/gu, ''))
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
}

/** The owner's entries, oldest first (local day, written time, id: the old page order), tokenized once. */
export function readBaselineEntries(file: string, ownerId: number): BaselineEntry[] {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db
      .prepare(`SELECT id, title, content FROM entry WHERE owner_id = ? ORDER BY local_day, written_at, id`)
      .all(ownerId) as { id: number; title: string; content: string }[];
    return rows.map((r) => ({ id: r.id, title: baselineTokens(r.title), content: baselineTokens(r.content) }));
  } finally {
    db.close();
  }
}

const holdsRun = (tokens: string[], run: string[]) => {
  for (let i = 0; i + run.length <= tokens.length; i++) if (run.every((t, k) => tokens[i + k] === t)) return true;
  return false;
};

/** The old search's first `limit` entries for a query, oldest first; [] for a query the old syntax refused. */
export function baselineSearch(entries: readonly BaselineEntry[], query: string, limit: number): number[] {
  const words = query.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.some((w) => !/[\p{L}\p{N}]/u.test(w) || OPERATOR_CHARS.test(w))) return [];
  const runs = words.map(baselineTokens);
  const found: number[] = [];
  for (const e of entries) {
    if (runs.every((run) => holdsRun(e.title, run) || holdsRun(e.content, run))) found.push(e.id);
    if (found.length >= limit) break;
  }
  return found;
}
