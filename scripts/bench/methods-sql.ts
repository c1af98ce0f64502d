/**
 * The hand-written baseline of the methods benchmark: what an expert would write directly against the same schema
 * and indexes, as raw prepared better-sqlite3 statements. Where standard shapes compete (a search driven from the
 * FTS index, or from the date index against the match list or row by row; grouping rows or days), each is a
 * candidate and the fastest is the baseline.
 */
import type SQLite from 'better-sqlite3';

/** A view as plain filters: a date range and an FTS5 match (words ANDed, as a view's searches are). */
export interface ViewFilter {
  from?: string;
  to?: string;
  match?: string;
}

type Shape = 'join' | 'in' | 'exists';

/**
 * The FROM and WHERE of a view. `join` drives from the FTS index; `in` walks (owner_id, local_day) against the list
 * of all FTS matches; `exists` walks (owner_id, local_day) and asks FTS about each row (fast when few rows are read).
 */
function source(v: ViewFilter, ownerId: number, shape: Shape): { from: string; where: string; params: unknown[] } {
  const params: unknown[] = [];
  const where: string[] = [];
  let from = 'entry e';
  if (v.match && shape === 'join') {
    from = 'entry_fts JOIN entry e ON e.id = entry_fts.rowid';
    where.push('entry_fts MATCH ?');
    params.push(v.match);
  }
  where.push('e.owner_id = ?');
  params.push(ownerId);
  if (v.from) {
    where.push('e.local_day >= ?');
    params.push(v.from);
  }
  if (v.to) {
    where.push('e.local_day <= ?');
    params.push(v.to);
  }
  if (v.match && shape === 'in') {
    where.push('e.id IN (SELECT rowid FROM entry_fts WHERE entry_fts MATCH ?)');
    params.push(v.match);
  }
  if (v.match && shape === 'exists') {
    where.push('EXISTS (SELECT 1 FROM entry_fts WHERE entry_fts MATCH ? AND entry_fts.rowid = e.id)');
    params.push(v.match);
  }
  return { from, where: where.join(' AND '), params };
}

export interface Candidate {
  label: string;
  run: () => unknown;
}

type Sql = (s: ReturnType<typeof source>) => string;

/** Candidate statements answering `method` on view `v`; each runs them and materializes rows (no JSON, no validation). */
export function baselineCandidates(
  raw: SQLite.Database,
  ownerId: number,
  v: ViewFilter,
  method: string,
  args: Record<string, any>,
): Candidate[] {
  // Row-by-row FTS checks only pay off when few rows are read; over a whole journal one trial would take seconds.
  const fewRows = v.from !== undefined || ['getEntriesForDay', 'getEntries', 'getDateRangeView'].includes(method);
  const shapes: Shape[] =
    v.match || method === 'search' ? ['in', 'join', ...(fewRows ? (['exists'] as const) : [])] : ['in'];
  const prepare = (shape: Shape, sql: Sql, view = v) => {
    const s = source(view, ownerId, shape);
    const stmt = raw.prepare(sql(s));
    return {
      all: (...extra: unknown[]) => stmt.all(...s.params, ...extra),
      get: (...extra: unknown[]) => stmt.get(...s.params, ...extra),
    };
  };
  const countsSql: Sql = (s) =>
    `SELECT count(*) AS entries, count(DISTINCT e.local_day) AS days, min(e.local_day) AS first, max(e.local_day) AS last FROM ${s.from} WHERE ${s.where}`;
  const each = (make: (shape: Shape) => () => unknown, grouping = ''): Candidate[] =>
    shapes.map((shape) => ({
      label: [shapes.length > 1 ? shape : '', grouping].filter(Boolean).join(', ') || '—',
      run: make(shape),
    }));

  switch (method) {
    case 'getDayCount':
      return each((shape) => {
        const q = prepare(shape, (s) => `SELECT count(DISTINCT e.local_day) AS n FROM ${s.from} WHERE ${s.where}`);
        return () => q.get();
      });
    case 'getTotalEntryCount':
      return each((shape) => {
        const q = prepare(shape, (s) => `SELECT count(*) AS n FROM ${s.from} WHERE ${s.where}`);
        return () => q.get();
      });
    case 'getOverview': {
      const width = args.groupBy === 'year' ? 4 : args.groupBy === 'day' ? 10 : 7;
      const rows: Sql = (
        s,
      ) => `SELECT substr(e.local_day, 1, ${width}) AS period, count(DISTINCT e.local_day) AS days, count(*) AS entries
        FROM ${s.from} WHERE ${s.where} GROUP BY period ORDER BY period LIMIT 101`;
      const days: Sql = (s) => `SELECT substr(local_day, 1, ${width}) AS period, count(*) AS days, sum(n) AS entries
        FROM (SELECT e.local_day, count(*) AS n FROM ${s.from} WHERE ${s.where} GROUP BY e.local_day) GROUP BY period ORDER BY period LIMIT 101`;
      return [rows, days].flatMap((grouping, i) =>
        each(
          (shape) => {
            const totals = prepare(shape, countsSql);
            const groups = prepare(shape, grouping);
            return () => [totals.get(), groups.all()];
          },
          i === 0 ? 'group rows' : 'group days',
        ),
      );
    }
    case 'getEntriesForDay':
      return each((shape) => {
        const q = prepare(
          shape,
          (s) =>
            `SELECT e.id, e.local_time AS time, e.title, e.content FROM ${s.from} WHERE ${s.where} AND e.local_day = ? ORDER BY e.written_at, e.id`,
        );
        return () => q.all(args.date);
      });
    case 'getEntries':
      return each((shape) => {
        const q = prepare(
          shape,
          (
            s,
          ) => `SELECT e.id, e.local_day AS date, e.local_time AS time, e.title, e.content FROM ${s.from} WHERE ${s.where}
            ORDER BY e.local_day, e.written_at, e.id LIMIT ? OFFSET ?`,
        );
        return () => q.all(args.limit ?? 20, args.offset ?? 0);
      });
    case 'getDateRangeView':
      // What the new view's description says: its counts over the narrowed range.
      return each((shape) => {
        const q = prepare(shape, countsSql, { ...v, from: max(v.from, args.startDate), to: min(v.to, args.endDate) });
        return () => q.get();
      });
    case 'search': {
      const word = `"${String(args.query).replaceAll('"', '')}"`;
      return each((shape) => {
        const q = prepare(shape, countsSql, { ...v, match: v.match ? `(${v.match}) AND ${word}` : word });
        return () => q.get();
      });
    }
    default:
      throw new Error(`no baseline for ${method}`);
  }
}

const max = (a: string | undefined, b: string) => (a !== undefined && a > b ? a : b);
const min = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);

/** The hand-written mood queries on a date view (no search): the mood table by (owner_id, local_day), and its tags. */
export function moodBaseline(
  raw: SQLite.Database,
  ownerId: number,
  v: ViewFilter,
  method: string,
  args: Record<string, any>,
): Candidate[] {
  if (v.match) throw new Error('no mood baseline for a search view');
  const range = `${v.from ? ' AND local_day >= ?' : ''}${v.to ? ' AND local_day <= ?' : ''}`;
  const params = [ownerId, ...(v.from ? [v.from] : []), ...(v.to ? [v.to] : [])];
  const days = `SELECT local_day, mood FROM mood WHERE owner_id = ?${range}`;
  switch (method) {
    case 'getMoodByDay': {
      const q = raw.prepare(`SELECT local_day AS date, mood FROM mood WHERE owner_id = ?${range} ORDER BY local_day`);
      return [{ label: '—', run: () => q.all(...params) }];
    }
    case 'getAverageMood': {
      const q = raw.prepare(`SELECT avg(mood) AS a FROM mood WHERE owner_id = ?${range}`);
      return [{ label: '—', run: () => q.get(...params) }];
    }
    case 'getMoodByTag': {
      const q = raw.prepare(`WITH md AS (${days}),
        td AS (SELECT DISTINCT t.tag, e.local_day FROM entry_tag t JOIN entry e ON e.id = t.entry_id
          WHERE t.owner_id = ? AND e.owner_id = ? AND e.local_day IN (SELECT local_day FROM md)),
        tot AS (SELECT count(*) AS n, sum(mood) AS s FROM md)
        SELECT td.tag, count(*) AS days, sum(md.mood) * 1.0 / count(*) AS w, (tot.s - sum(md.mood)) * 1.0 / nullif(tot.n - count(*), 0) AS wo
        FROM td JOIN md ON md.local_day = td.local_day CROSS JOIN tot GROUP BY td.tag, tot.n, tot.s ORDER BY count(*) DESC, td.tag LIMIT ?`);
      return [{ label: '—', run: () => q.all(...params, ownerId, ownerId, args.limit ?? 50) }];
    }
    default:
      throw new Error(`no mood baseline for ${method}`);
  }
}
