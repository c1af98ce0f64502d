/**
 * The postgres part, methods half: each JournalCollection method on the root, a month view and a search view, through
 * the real operations on a DATABASE_URL store (kysely's PostgresDialect over a `pg` pool, as the app opens it),
 * against hand-written SQL on the same server answering the same question. EXPLAIN of the statements each method
 * really runs shows how it reaches the entries.
 */
import { createRequire } from 'node:module';
import type Pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { openPostgresDatabase } from '../../src/db/postgres/open-postgres.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { monthEnd } from './calendar.ts';
import { BENCH_OWNER_ID } from './journal-db.ts';
import type { Candidate } from './methods-sql.ts';
import { calls, sameAnswer, type MethodsOptions, type MethodTimingBase, type ViewName } from './methods.ts';
import { pgBaselineCandidates, type PgViewFilter } from './postgres-methods-sql.ts';
import { WORDS } from './questions.ts';
import { median, nowMs, ratio, samplePair } from './timing.ts';

export interface PgMethodTiming extends MethodTimingBase {
  /** Statements (round trips to the server) one call of the method ran, handle lookups and writes included; the SQL runs one or two. */
  statements: number;
}

export interface PgMethodsResult {
  size: number;
  month: string;
  search: string;
  timings: PgMethodTiming[];
}

const INT8 = 20;

/** A plain `pg` client for the baseline: int8 as numbers, like the app's pool. */
export function rawClient(url: string): Pg.Client {
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8 ? Number : pg.types.getTypeParser(oid, format),
  };
  return new pg.Client({ connectionString: url, types });
}

interface View {
  name: ViewName;
  objId: string;
  filter: PgViewFilter;
}

async function anchorsOf(client: Pg.Client): Promise<{ month: string; day: string }> {
  const months = (
    await client.query(`SELECT DISTINCT substr(local_day, 1, 7) AS m FROM entry WHERE owner_id = $1 ORDER BY m`, [
      BENCH_OWNER_ID,
    ])
  ).rows.map((r) => r.m as string);
  const month = months[Math.floor((months.length * 2) / 3)]!;
  const day = (
    await client.query(
      `SELECT local_day AS d FROM entry WHERE owner_id = $1 AND local_day BETWEEN $2 AND $3 GROUP BY local_day
      ORDER BY count(*) >= 2 DESC, abs(local_day::date - $4::date), local_day LIMIT 1`,
      [BENCH_OWNER_ID, `${month}-01`, monthEnd(month), `${month}-15`],
    )
  ).rows[0].d as string;
  return { month, day };
}

async function fastest(candidates: Candidate[]): Promise<Candidate> {
  if (candidates.length === 1) return candidates[0]!;
  const timed = async (c: Candidate) => {
    const t: number[] = [];
    for (let i = 0; i < 5 && !(t[0]! > 50); i++) {
      const t0 = nowMs();
      await c.run();
      t.push(nowMs() - t0);
    }
    return median(t);
  };
  const scored: { c: Candidate; ms: number }[] = [];
  for (const c of candidates) scored.push({ c, ms: await timed(c) });
  return scored.sort((a, b) => a.ms - b.ms)[0]!.c;
}

/** EXPLAIN of each captured statement that reads entries: its plan nodes (the lines naming a scan or a join). */
async function planOf(client: Pg.Client, queries: CompiledQuery[]): Promise<string[]> {
  const lines: string[] = [];
  for (const q of queries.filter((x) => /"entry"/.test(x.sql))) {
    const rows = (await client.query(`EXPLAIN ${q.sql}`, q.parameters as unknown[])).rows as { 'QUERY PLAN': string }[];
    lines.push(
      ...rows
        .map((r) =>
          r['QUERY PLAN']
            .trim()
            .replace(/^->\s*/, '')
            .replace(/\s+\(cost=.*$/, ''),
        )
        .filter((l) => /Scan|Join|Aggregate|Sort|Limit|Subquery/.test(l)),
    );
  }
  return lines;
}

export async function runPostgresMethods(
  url: string,
  size: number,
  o: MethodsOptions,
  log: (line: string) => void,
): Promise<PgMethodsResult> {
  const db = openPostgresDatabase(url);
  const captured: CompiledQuery[] = [];
  const logDb = openPostgresDatabase(url, { log: (e) => void (e.level === 'query' && captured.push(e.query)) });
  const client = rawClient(url);
  await client.connect();
  try {
    const { month, day } = await anchorsOf(client);
    const ops = createJournalOperations(db, BENCH_OWNER_ID);
    const traced = createJournalOperations(logDb, BENCH_OWNER_ID);
    const range = { startDate: `${month}-01`, endDate: monthEnd(month) };
    const monthView = await ops.invokeMethod('journal', 'getDateRangeView', range);
    const searchView = await ops.invokeMethod('journal', 'search', { query: WORDS.monthly });
    if (monthView.type !== 'object' || searchView.type !== 'object')
      throw new Error('views did not come back as handles');
    const views: View[] = [
      { name: 'root', objId: 'journal', filter: {} },
      { name: 'month', objId: monthView.objId, filter: { from: range.startDate, to: range.endDate } },
      { name: 'search', objId: searchView.objId, filter: { words: [WORDS.monthly] } },
    ];
    const timings: PgMethodTiming[] = [];
    for (const view of views) {
      for (const { method, args } of calls(month, day)) {
        const subject = () => ops.invokeMethod(view.objId, method, args);
        const sql = await fastest(pgBaselineCandidates(client, BENCH_OWNER_ID, view.filter, method, args));
        const agrees = sameAnswer(method, await subject(), await sql.run());
        captured.length = 0;
        await traced.invokeMethod(view.objId, method, args);
        const statements = captured.length;
        const plan = await planOf(client, captured);
        const samples = await samplePair(subject, sql.run, o);
        const [methodMs, sqlMs] = [median(samples.subject), median(samples.baseline)];
        const t: PgMethodTiming = {
          view: view.name,
          method,
          methodMs,
          sqlMs,
          ratio: ratio(methodMs, sqlMs),
          runs: samples.subject.length,
          sqlShape: sql.label,
          agrees,
          plan,
          fullScan: plan.some((l) => /Seq Scan on entry\b/.test(l)),
          statements,
        };
        timings.push(t);
        log(
          `postgres ${view.name}.${method}: ${methodMs.toFixed(3)} ms vs SQL ${sqlMs.toFixed(3)} ms (${t.ratio.toFixed(2)}×, ${t.runs} runs${agrees ? '' : ', ANSWERS DIFFER'})`,
        );
      }
    }
    return { size, month, search: WORDS.monthly, timings };
  } finally {
    await client.end();
    await db.destroy();
    await logDb.destroy();
  }
}
