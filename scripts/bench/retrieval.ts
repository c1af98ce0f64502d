/**
 * Benchmark of finding (issue 47): recall@k and MRR of the `search` method on a question set with known answer
 * entries (retrieval-journal.ts), through the real object runtime: `search(query)` on `journal`, then `getEntries` on
 * the view it returns, paged up to 50 entries. Each question is put as typed and as its content words. The baseline
 * is the old search written out by hand over the same rows (retrieval-baseline.ts), measured in the same run. Also:
 * what ten results cost a model in tokens, as the tool result it receives, and (retrieval-speed.ts) how search's first
 * page at 1,000,000 entries compares with 10,000.
 */
import path from 'node:path';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { createToolExecutor } from '../../src/objects/object-tools.ts';
import type { ObjectOperations } from '../../src/objects/operations.ts';
import { toolResultContent } from '../../src/llm/tool-result-content.ts';
import { baselineSearch, readBaselineEntries } from './retrieval-baseline.ts';
import {
  buildRetrievalJournal,
  removeJournal,
  RETRIEVAL_OWNER_ID,
  type RetrievalCase,
  type RetrievalJournal,
} from './retrieval-journal.ts';
import { measureSearchSpeed, type SearchSpeed } from './retrieval-speed.ts';
import type { JournalCache } from './journal-db.ts';
import { countTokens } from './tokenizer.ts';
import { median } from './timing.ts';

/** How deep a ranking is read: the last k the report gives. */
export const DEPTH = 50;
const PAGE = 25;

export interface RetrievalCaseResult extends RetrievalCase {
  /** The method's entry ids, best first as getEntries pages them, at most DEPTH. */
  method: number[];
  /** The method's error, when it refused the query (is_error to a model). */
  error?: string;
  /** The old search's ids for the same query. */
  baseline: number[];
  /** Tokens of the first page of ten results as a model receives them (JSON text and one search_result per entry). */
  tenTokens: number;
  /** Entries on that page (fewer than ten when the search found fewer). */
  tenShown: number;
}

export interface RetrievalResult {
  journal: Omit<RetrievalJournal, 'cases'>;
  cases: RetrievalCaseResult[];
  /** Tokens of ten entries of the whole journal, at ten places: the cost of ten results whatever ranks them. */
  journalPages: number[];
  speed?: SearchSpeed;
}

export interface RetrievalOptions {
  entries: number;
  /** Journal sizes the search speed is timed at (the first the baseline); empty: not timed. */
  speedSizes: number[];
  timing: { minRuns: number; maxRuns: number; budgetMs: number };
}

const idsOf = (value: unknown): number[] => {
  const items = Array.isArray(value) ? value : ((value as { items?: unknown[] }).items ?? []);
  return items.map((e) => (e as { id: number }).id);
};

/** search(query) then getEntries pages until DEPTH entries or the end: the ids best first, or the error a model gets. */
export async function rankThroughMethod(
  ops: ObjectOperations,
  query: string,
): Promise<{ ids: number[]; error?: string }> {
  let view;
  try {
    view = await ops.invokeMethod('journal', 'search', { query });
  } catch (error) {
    return { ids: [], error: error instanceof Error ? error.message : String(error) };
  }
  if (view.type !== 'object') return { ids: [], error: 'search returned a value, not a view' };
  const ids: number[] = [];
  while (ids.length < DEPTH) {
    const page = await ops.invokeMethod(view.objId, 'getEntries', { limit: PAGE, offset: ids.length });
    const got = page.type === 'value' ? idsOf(page.value) : [];
    ids.push(...got);
    if (got.length === 0 || got.length < PAGE) break;
  }
  return { ids: ids.slice(0, DEPTH) };
}

/** Tokens of getEntries(limit: 10, offset) on a view, as the tool result a model receives, and how many entries it held. */
async function pageTokens(
  ops: ObjectOperations,
  objId: string,
  offset = 0,
): Promise<{ tokens: number; shown: number }> {
  const run = createToolExecutor(ops);
  const output = await run('invokeMethod', { objId, methodName: 'getEntries', args: { limit: 10, offset } });
  const content = toolResultContent(output);
  const blocks = typeof content === 'string' ? [content] : (content ?? []);
  const tokens = blocks.reduce(
    (n, b) => n + countTokens(typeof b === 'string' ? b : b.type === 'text' ? b.text : JSON.stringify(b)),
    0,
  );
  return { tokens, shown: blocks.filter((b) => typeof b !== 'string' && b.type === 'search_result').length };
}

/** Ten results of a search (the bot's and MCP's tool result); nothing for a query search refuses. */
async function tenResultTokens(ops: ObjectOperations, query: string): Promise<{ tokens: number; shown: number }> {
  const run = createToolExecutor(ops);
  let handle: string;
  try {
    handle = (
      JSON.parse(await textOf(run('invokeMethod', { objId: 'journal', methodName: 'search', args: { query } }))) as {
        handle: string;
      }
    ).handle;
  } catch {
    return { tokens: 0, shown: 0 };
  }
  return pageTokens(ops, handle);
}

/** Ten entries of the whole journal at ten places spread over it: what ten results cost whatever finds them. */
async function journalPageTokens(ops: ObjectOperations, entries: number): Promise<number[]> {
  const pages: number[] = [];
  for (let i = 0; i < 10; i++)
    pages.push((await pageTokens(ops, 'journal', Math.floor((i * (entries - 10)) / 9))).tokens);
  return pages;
}

const textOf = async (output: ReturnType<ReturnType<typeof createToolExecutor>>) => {
  const o = await output;
  return typeof o === 'string' ? o : o.text;
};

/** Runs every question of a freshly built journal of `entries` entries through the method and the baseline. */
export async function runRetrievalForJournal(file: string, entries: number): Promise<Omit<RetrievalResult, 'speed'>> {
  const { cases, ...journal } = await buildRetrievalJournal(file, entries);
  const rows = readBaselineEntries(file, RETRIEVAL_OWNER_ID);
  const db = openDatabase(file);
  try {
    // The owner's zone and clock are fixed: the journal's days are UTC days and "today" its last day.
    const ops = createJournalOperations(db, RETRIEVAL_OWNER_ID, { timeZone: 'UTC' });
    const results: RetrievalCaseResult[] = [];
    for (const c of cases) {
      const { ids, error } = await rankThroughMethod(ops, c.query);
      const ten = await tenResultTokens(ops, c.query);
      results.push({
        ...c,
        method: ids,
        ...(error === undefined ? {} : { error }),
        baseline: baselineSearch(rows, c.query, DEPTH),
        tenTokens: ten.tokens,
        tenShown: ten.shown,
      });
    }
    return { journal, cases: results, journalPages: await journalPageTokens(ops, journal.entries) };
  } finally {
    await db.destroy();
  }
}

export async function runRetrievalBench(
  cacheDir: string,
  journals: JournalCache,
  o: RetrievalOptions,
  log: (line: string) => void,
): Promise<RetrievalResult> {
  const file = path.join(cacheDir, `retrieval-${o.entries}.sqlite`);
  try {
    const result: RetrievalResult = await runRetrievalForJournal(file, o.entries);
    const s = scoreCases(result.cases.map((c) => ({ answers: c.answers, ranked: c.method })));
    log(
      `retrieval: ${result.cases.length} queries on ${o.entries} entries, recall@20 ${(s.recallAt[20]! * 100).toFixed(0)} %`,
    );
    if (o.speedSizes.length > 1) result.speed = await measureSearchSpeed(journals, o.speedSizes, o.timing, log);
    return result;
  } finally {
    removeJournal(file);
  }
}

export const KS = [1, 5, 10, 20, 50] as const;

export interface Scores {
  questions: number;
  answers: number;
  /** Share of all answer entries among the first k, per k. */
  recallAt: Record<number, number>;
  /** Share of questions with some answer entry among the first k, per k. */
  hitAt: Record<number, number>;
  /** Mean reciprocal rank of the first answer entry (0 when none is among the first DEPTH). */
  mrr: number;
}

/** recall@k, hit@k and MRR of rankings against their known answers. */
export function scoreCases(cases: readonly { answers: readonly number[]; ranked: readonly number[] }[]): Scores {
  const recallAt: Record<number, number> = {};
  const hitAt: Record<number, number> = {};
  const answers = cases.reduce((n, c) => n + c.answers.length, 0);
  for (const k of KS) {
    const top = cases.map((c) => new Set(c.ranked.slice(0, k)));
    recallAt[k] = answers
      ? cases.reduce((n, c, i) => n + c.answers.filter((a) => top[i]!.has(a)).length, 0) / answers
      : 0;
    hitAt[k] = cases.length ? cases.filter((c, i) => c.answers.some((a) => top[i]!.has(a))).length / cases.length : 0;
  }
  const reciprocal = cases.map((c) => {
    const first = c.ranked.slice(0, DEPTH).findIndex((id) => c.answers.includes(id));
    return first < 0 ? 0 : 1 / (first + 1);
  });
  const mrr = cases.length ? reciprocal.reduce((a, b) => a + b, 0) / cases.length : 0;
  return { questions: cases.length, answers, recallAt, hitAt, mrr };
}

/** Fewer full pages of search results than this, and ten entries of the journal stand in for them. */
const FULL_PAGES_NEEDED = 5;

/**
 * What ten results cost: over the searches whose first page held ten entries, or, when fewer than five did (the old
 * search seldom finds ten), over ten entries at ten places of the journal.
 */
export function tenTokenSummary(r: Pick<RetrievalResult, 'cases' | 'journalPages'>): {
  median: number;
  max: number;
  pages: number;
  of: 'search' | 'journal';
} {
  const full = r.cases.filter((c) => c.tenShown === 10).map((c) => c.tenTokens);
  const [counted, of] =
    full.length >= FULL_PAGES_NEEDED ? [full, 'search' as const] : [r.journalPages, 'journal' as const];
  return {
    median: counted.length ? median(counted) : 0,
    max: counted.length ? Math.max(...counted) : 0,
    pages: counted.length,
    of,
  };
}
