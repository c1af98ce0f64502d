/**
 * Ground truth and anchors straight from SQL on a raw connection: what an expert would query, independent of the
 * app's query code. Words are matched with LIKE, not FTS, so the check does not share the search path it checks.
 */
import SQLite from 'better-sqlite3';
import { addDays, monthEnd, previousMonth } from './calendar.ts';

export interface EntryRef {
  id: number;
  day: string;
}

export interface TruthDb {
  /** Entries (id, day) of the owner in [from, to], optionally containing `word`, in journal order. */
  entries(range: { from?: string; to?: string; word?: string }): EntryRef[];
  raw: SQLite.Database;
  ownerId: number;
  close(): void;
}

export function openTruthDb(file: string, ownerId: number): TruthDb {
  const raw = new SQLite(file, { readonly: true });
  const query = raw.prepare(`SELECT id, local_day AS day FROM entry
    WHERE owner_id = @owner AND local_day >= @from AND local_day <= @to AND content LIKE @like
    ORDER BY local_day, written_at, id`);
  return {
    raw,
    ownerId,
    entries: ({ from, to, word }) =>
      query.all({
        owner: ownerId,
        from: from ?? '0000-00-00',
        to: to ?? '9999-99-99',
        like: word ? `%${word}%` : '%',
      }) as EntryRef[],
    close: () => raw.close(),
  };
}

/** The concrete dates and words a journal's questions are about, chosen from its own data so every size has answers. */
export interface Anchors {
  first: string;
  last: string;
  /** The day after the last entry: "today" for the questions. */
  today: string;
  /** A month with entries two thirds into the journal, YYYY-MM; the one before it; their year. */
  month: string;
  prevMonth: string;
  year: string;
  /** A day with at least two entries in the middle of `month` (or its busiest). */
  day: string;
}

export function findAnchors(t: TruthDb): Anchors {
  const span = t.raw
    .prepare(`SELECT min(local_day) AS first, max(local_day) AS last FROM entry WHERE owner_id = ?`)
    .get(t.ownerId) as { first: string; last: string };
  const months = (
    t.raw
      .prepare(`SELECT DISTINCT substr(local_day, 1, 7) AS m FROM entry WHERE owner_id = ? ORDER BY m`)
      .all(t.ownerId) as { m: string }[]
  ).map((r) => r.m);
  const month = months[Math.floor((months.length * 2) / 3)]!;
  const day = (
    t.raw
      .prepare(
        `SELECT local_day AS d FROM entry WHERE owner_id = ? AND local_day BETWEEN ? AND ? GROUP BY local_day
      ORDER BY count(*) >= 2 DESC, abs(julianday(local_day) - julianday(?)), local_day LIMIT 1`,
      )
      .get(t.ownerId, `${month}-01`, monthEnd(month), `${month}-15`) as { d: string }
  ).d;
  const today = addDays(span.last, 1);
  return {
    first: span.first,
    last: span.last,
    today,
    month,
    prevMonth: previousMonth(month),
    year: month.slice(0, 4),
    day,
  };
}
