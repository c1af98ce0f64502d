/**
 * Benchmark 3, method latency: each JournalCollection method on the root, a month view and a search view, through
 * the real operations (handle lookup, validation, kysely, result bounding), against hand-written SQL answering the
 * same question. EXPLAIN QUERY PLAN of the statements each method really runs shows how it reads the entries.
 */
import { combinedFtsQuery } from '../../src/db/sqlite/sqlite-store.ts';
import { parseSearch } from '../../src/journal/search/search-syntax.ts';
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { monthEnd } from './calendar.ts';
import { BENCH_OWNER_ID } from './journal-db.ts';
import { baselineCandidates, moodBaseline, type Candidate, type ViewFilter } from './methods-sql.ts';
import { WORDS } from './questions.ts';
import { median, nowMs, ratio, samplePair } from './timing.ts';
import { findAnchors, openTruthDb } from './truth-db.ts';

export type ViewName = 'root' | 'month' | 'search';

/** What every engine's method timing holds: a call through the operations against hand-written SQL. */
export interface MethodTimingBase {
  view: ViewName;
  method: string;
  methodMs: number;
  sqlMs: number;
  ratio: number;
  runs: number;
  /** Which hand-written shape was fastest, e.g. `in` (date index + FTS rowids) or `join` (driven from FTS). */
  sqlShape: string;
  /** The method's answer agrees with the hand-written SQL's. */
  agrees: boolean;
  /** The plan (SQLite: EXPLAIN QUERY PLAN lines; PostgreSQL: EXPLAIN nodes) of the entry statements the method ran. */
  plan: string[];
  /** A plan line that reads the entry table (or its index) from end to end. */
  fullScan: boolean;
}

export interface MethodTiming extends MethodTimingBase {
  args: Record<string, unknown>;
  /** How the method's statements reach the entries, from the plan: one day, a date range, all of the owner's, a full scan. */
  access: string;
}

export interface MethodsResult {
  size: number;
  month: string;
  search: string;
  timings: MethodTiming[];
  /** The mood methods on the root and the month view, with a mood on every day written (seedMoods). */
  moodTimings: MethodTiming[];
  /** Days with a mood the mood methods read. */
  moodDays: number;
}

interface View {
  name: ViewName;
  objId: string;
  filter: ViewFilter;
}

function openRaw(file: string): SQLite.Database {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  return raw;
}

/** The mood methods and their arguments (measured on the root and the month view). */
export const MOOD_CALLS: { method: string; args: Record<string, any> }[] = [
  { method: 'getMoodByDay', args: {} },
  { method: 'getAverageMood', args: {} },
  { method: 'getMoodByTag', args: { limit: 50 } },
];

/**
 * A mood on every day the bench owner wrote, 1 to 5 from the day of the month, so the mood methods read as many mood
 * days as the journal has days: the most a journal can hold. Idempotent (OR IGNORE), so a cached journal keeps them.
 */
function seedMoods(raw: SQLite.Database, ownerId: number): number {
  raw
    .prepare(
      `INSERT OR IGNORE INTO mood (owner_id, local_day, mood, set_at)
       SELECT ?, local_day, 1 + (CAST(substr(local_day, 9, 2) AS INTEGER) % 5), '2026-01-01T00:00:00.000Z'
       FROM entry WHERE owner_id = ? GROUP BY local_day`,
    )
    .run(ownerId, ownerId);
  return (raw.prepare('SELECT count(*) AS n FROM mood WHERE owner_id = ?').get(ownerId) as { n: number }).n;
}

/** The methods and the arguments each is called with; dates fall inside the month view. */
export function calls(month: string, day: string): { method: string; args: Record<string, any> }[] {
  return [
    { method: 'getOverview', args: { groupBy: 'month' } },
    { method: 'getDayCount', args: {} },
    { method: 'getTotalEntryCount', args: {} },
    { method: 'getEntriesForDay', args: { date: day } },
    // By date on every view (a search view's own order is by relevance), so one hand-written page answers alike.
    { method: 'getEntries', args: { limit: 20, offset: 0, order: 'oldest' } },
    { method: 'getDateRangeView', args: { startDate: `${month}-10`, endDate: `${month}-16` } },
    { method: 'search', args: { query: WORDS.first } },
  ];
}

export interface MethodsOptions {
  minRuns: number;
  maxRuns: number;
  budgetMs: number;
}

interface Bench {
  ops: ReturnType<typeof createJournalOperations>;
  /** The same operations on a kysely that logs each statement, for the plans. */
  traced: ReturnType<typeof createJournalOperations>;
  captured: CompiledQuery[];
  raw: SQLite.Database;
  o: MethodsOptions;
}

/** One call on one view: its answer checked against SQL, its plan, and the interleaved timing. */
async function measure(b: Bench, view: View, method: string, args: Record<string, any>): Promise<MethodTiming> {
  const subject = () => b.ops.invokeMethod(view.objId, method, args);
  const sql = fastest(
    MOOD_CALLS.some((c) => c.method === method)
      ? moodBaseline(b.raw, BENCH_OWNER_ID, view.filter, method, args)
      : baselineCandidates(b.raw, BENCH_OWNER_ID, view.filter, method, args),
  );
  const agrees = sameAnswer(method, await subject(), sql.run());
  b.captured.length = 0;
  await b.traced.invokeMethod(view.objId, method, args);
  const plan = planOf(b.raw, b.captured);
  const samples = await samplePair(subject, sql.run, b.o);
  const [methodMs, sqlMs] = [median(samples.subject), median(samples.baseline)];
  return {
    view: view.name,
    method,
    args,
    methodMs,
    sqlMs,
    ratio: ratio(methodMs, sqlMs),
    runs: samples.subject.length,
    sqlShape: sql.label,
    agrees,
    plan,
    access: accessOf(plan),
    fullScan: plan.some((line) => /\bSCAN (entry|e)\b(?! VIRTUAL)/.test(line)),
  };
}

/** The root, a month view and a search view, as handles the operations issued. */
async function viewsOf(ops: Bench['ops'], month: string): Promise<View[]> {
  const range = { startDate: `${month}-01`, endDate: monthEnd(month) };
  const monthView = await ops.invokeMethod('journal', 'getDateRangeView', range);
  const searchView = await ops.invokeMethod('journal', 'search', { query: WORDS.monthly });
  if (monthView.type !== 'object' || searchView.type !== 'object')
    throw new Error('views did not come back as handles');
  return [
    { name: 'root', objId: 'journal', filter: {} },
    { name: 'month', objId: monthView.objId, filter: { from: range.startDate, to: range.endDate } },
    { name: 'search', objId: searchView.objId, filter: { match: combinedFtsQuery([parseSearch(WORDS.monthly)]) } },
  ];
}

export async function runMethodsBench(
  file: string,
  size: number,
  o: MethodsOptions,
  log: (line: string) => void = () => undefined,
): Promise<MethodsResult> {
  const truth = openTruthDb(file, BENCH_OWNER_ID);
  const anchors = findAnchors(truth);
  truth.close();
  const db = openDatabase(file);
  const captured: CompiledQuery[] = [];
  const logDb = openDatabase(file, { log: (e) => void (e.level === 'query' && captured.push(e.query)) });
  const b: Bench = {
    ops: createJournalOperations(db, BENCH_OWNER_ID),
    traced: createJournalOperations(logDb, BENCH_OWNER_ID),
    captured,
    raw: openRaw(file),
    o,
  };
  try {
    await db.deleteFrom('object_handle').where('owner_id', '=', BENCH_OWNER_ID).execute();
    const timings: MethodTiming[] = [];
    for (const view of await viewsOf(b.ops, anchors.month)) {
      for (const { method, args } of calls(anchors.month, anchors.day)) {
        const t = await measure(b, view, method, args);
        timings.push(t);
        log(
          `${view.name}.${method}: ${t.methodMs.toFixed(3)} ms vs SQL ${t.sqlMs.toFixed(3)} ms (${t.ratio.toFixed(2)}×, ${t.runs} runs)`,
        );
      }
    }
    const moodDays = seedMoods(b.raw, BENCH_OWNER_ID);
    const moodTimings: MethodTiming[] = [];
    for (const view of (await viewsOf(b.ops, anchors.month)).filter((v) => v.name !== 'search')) {
      for (const { method, args } of MOOD_CALLS) {
        const t = await measure(b, view, method, args);
        moodTimings.push(t);
        log(
          `${view.name}.${method} (${moodDays} mood days): ${t.methodMs.toFixed(3)} ms vs SQL ${t.sqlMs.toFixed(3)} ms (${t.ratio.toFixed(2)}×, ${t.runs} runs)`,
        );
      }
    }
    return { size, month: anchors.month, search: WORDS.monthly, timings, moodTimings, moodDays };
  } finally {
    await db.destroy();
    await logDb.destroy();
    b.raw.close();
  }
}

/** The faster candidate, by the median of a few runs each (one run when a run takes over 50 ms). */
function fastest(candidates: Candidate[]): Candidate {
  if (candidates.length === 1) return candidates[0]!;
  const timedMedian = (c: Candidate) => {
    const t: number[] = [];
    for (let i = 0; i < 5 && !(t[0]! > 50); i++) {
      const t0 = nowMs();
      c.run();
      t.push(nowMs() - t0);
    }
    return median(t);
  };
  return candidates.map((c) => ({ c, ms: timedMedian(c) })).sort((a, b) => a.ms - b.ms)[0]!.c;
}

/** The widest way a plan reaches entries. */
export function accessOf(plan: string[]): string {
  const entryLines = plan.filter((l) => /\b(SEARCH|SCAN) (entry|e)\b(?! VIRTUAL)/.test(l));
  const fts = plan.some((l) => /entry_fts VIRTUAL TABLE/.test(l)) ? ' + FTS match' : '';
  if (entryLines.some((l) => /^SCAN/.test(l))) return `full scan${fts}`;
  if (entryLines.some((l) => /\(owner_id=\?\)/.test(l))) return `all owner's index entries${fts}`;
  if (entryLines.some((l) => /local_day>\?|local_day<\?/.test(l))) return `date range${fts}`;
  if (entryLines.some((l) => /local_day=\?/.test(l))) return `one day${fts}`;
  return entryLines.length ? 'index lookup' : `no entry access${fts}`;
}

/** EXPLAIN QUERY PLAN of each captured statement that reads entries (handle lookups left out). */
function planOf(raw: SQLite.Database, queries: CompiledQuery[]): string[] {
  return queries
    .filter((q) => /"entry"|entry_fts|"mood"/.test(q.sql))
    .flatMap((q) =>
      (raw.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[]).map(
        (r) => r.detail,
      ),
    );
}

const idsOf = (rows: any): number[] => (Array.isArray(rows) ? rows : (rows?.items ?? [])).map((r: any) => r.id);

/** Whether the method's result says what the SQL's says (counts, ids, a description's numbers). */
export function sameAnswer(
  method: string,
  result: Awaited<ReturnType<ReturnType<typeof createJournalOperations>['invokeMethod']>>,
  sql: any,
): boolean {
  if (result.type === 'object')
    return result.description.includes(`${sql.days} day`) && result.description.includes(`${sql.entries} entr`);
  const v = result.value as any;
  switch (method) {
    case 'getDayCount':
    case 'getTotalEntryCount':
      return v === sql.n;
    case 'getOverview':
      return v.entries === sql[0].entries && v.days === sql[0].days && v.groups.length === Math.min(100, sql[1].length);
    case 'getAverageMood':
      return typeof v === 'number' && Math.abs(v - sql.a) < 1e-9;
    case 'getMoodByDay': {
      const days = Array.isArray(v) ? v : v.days;
      const expected = (sql as { date: string; mood: number }[]).slice(-days.length);
      return (
        days.length > 0 &&
        days.every((d: any, i: number) => d.date === expected[i]?.date && d.mood === expected[i]?.mood)
      );
    }
    case 'getMoodByTag':
      return (
        v.tags.length === sql.length &&
        v.tags.every(
          (t: any, i: number) =>
            t.tag === sql[i].tag && t.days === sql[i].days && Math.abs(t.averageMood - sql[i].w) < 1e-9,
        )
      );
    case 'getEntriesForDay':
    case 'getEntries': {
      const shown = idsOf(v);
      return shown.length > 0 && shown.every((id, i) => id === sql[i]?.id);
    }
    default:
      return false;
  }
}
