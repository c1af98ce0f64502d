/**
 * The hand-written PostgreSQL baseline of the postgres part: what an expert would write directly against the same
 * schema and indexes (entry_owner_day, the GIN index on search_vector), as named prepared statements on a plain `pg`
 * client. Where two standard shapes compete (grouping rows or days), both are candidates and the faster is the baseline.
 * Answers come back in the shapes methods.ts's sameAnswer reads (counts as numbers).
 */
import type Pg from 'pg';
import { queryForms } from '../../src/db/search/search-text.ts';
import type { Candidate } from './methods-sql.ts';

/** A view as plain filters: a date range and words that must all match. */
export interface PgViewFilter {
  from?: string;
  to?: string;
  words?: string[];
}

/** Each word in any of its index forms (db/search/search-text.ts), as the journal's own search looks it up. */
const tsquery = (words: string[]) =>
  words
    .map(
      (w) =>
        `(${queryForms(w)
          .map((form) => form.map((x) => `'${x}'`).join(' <-> '))
          .join(' | ')})`,
    )
    .join(' | ');

function where(v: PgViewFilter, ownerId: number): { where: string; params: unknown[] } {
  const params: unknown[] = [ownerId];
  const parts = ['e.owner_id = $1'];
  const add = (value: unknown, condition: (placeholder: string) => string) => {
    params.push(value);
    parts.push(condition(`$${params.length}`));
  };
  if (v.from) add(v.from, (p) => `e.local_day >= ${p}`);
  if (v.to) add(v.to, (p) => `e.local_day <= ${p}`);
  if (v.words?.length) add(tsquery(v.words), (p) => `e.search_vector @@ ${p}::tsquery`);
  return { where: parts.join(' AND '), params };
}

let statements = 0;

/** Candidate statements answering `method` on view `v`; each runs them and materializes the rows. */
export function pgBaselineCandidates(
  client: Pg.ClientBase,
  ownerId: number,
  v: PgViewFilter,
  method: string,
  args: Record<string, any>,
): Candidate[] {
  const prepare = (text: (w: string, next: number) => string, view = v) => {
    const w = where(view, ownerId);
    const query = { name: `bench_${++statements}`, text: text(w.where, w.params.length + 1) };
    return {
      all: async (...extra: unknown[]) => (await client.query({ ...query, values: [...w.params, ...extra] })).rows,
      get: async (...extra: unknown[]) => (await client.query({ ...query, values: [...w.params, ...extra] })).rows[0],
    };
  };
  const counts = (w: string) =>
    `SELECT count(*)::int AS entries, count(DISTINCT e.local_day)::int AS days, min(e.local_day) AS first, max(e.local_day) AS last FROM entry e WHERE ${w}`;
  const one = (run: () => unknown): Candidate[] => [{ label: '—', run }];
  switch (method) {
    case 'getDayCount': {
      const q = prepare((w) => `SELECT count(DISTINCT e.local_day)::int AS n FROM entry e WHERE ${w}`);
      return one(() => q.get());
    }
    case 'getTotalEntryCount': {
      const q = prepare((w) => `SELECT count(*)::int AS n FROM entry e WHERE ${w}`);
      return one(() => q.get());
    }
    case 'getOverview': {
      const width = args.groupBy === 'year' ? 4 : args.groupBy === 'day' ? 10 : 7;
      const totals = prepare(counts);
      const rows = prepare(
        (
          w,
        ) => `SELECT substr(e.local_day, 1, ${width}) AS period, count(DISTINCT e.local_day)::int AS days, count(*)::int AS entries
        FROM entry e WHERE ${w} GROUP BY period ORDER BY period LIMIT 101`,
      );
      const days = prepare(
        (w) => `SELECT substr(local_day, 1, ${width}) AS period, count(*)::int AS days, sum(n)::int AS entries
        FROM (SELECT e.local_day, count(*) AS n FROM entry e WHERE ${w} GROUP BY e.local_day) AS d GROUP BY period ORDER BY period LIMIT 101`,
      );
      return [
        { label: 'group rows', run: async () => [await totals.get(), await rows.all()] },
        { label: 'group days', run: async () => [await totals.get(), await days.all()] },
      ];
    }
    case 'getEntriesForDay': {
      const q = prepare(
        (w, n) =>
          `SELECT e.id, e.local_time AS time, e.title, e.content FROM entry e WHERE ${w} AND e.local_day = $${n} ORDER BY e.written_at, e.id`,
      );
      return one(() => q.all(args.date));
    }
    case 'getEntries': {
      const q = prepare(
        (w, n) => `SELECT e.id, e.local_day AS date, e.local_time AS time, e.title, e.content FROM entry e WHERE ${w}
        ORDER BY e.local_day, e.written_at, e.id LIMIT $${n} OFFSET $${n + 1}`,
      );
      return one(() => q.all(args.limit ?? 20, args.offset ?? 0));
    }
    case 'getDateRangeView': {
      const q = prepare(counts, { ...v, from: max(v.from, args.startDate), to: min(v.to, args.endDate) });
      return one(() => q.get());
    }
    case 'search': {
      const q = prepare(counts, { ...v, words: [...(v.words ?? []), String(args.query)] });
      return one(() => q.get());
    }
    default:
      throw new Error(`no PostgreSQL baseline for ${method}`);
  }
}

const max = (a: string | undefined, b: string) => (a !== undefined && a > b ? a : b);
const min = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);
