/**
 * Mood over a view, in SQL: the view's days that have a mood, their mean, and the mean with and without each tag.
 * Every query starts from the mood table (one row per day the owner set one), so its cost follows the days with a
 * mood, not the number of entries.
 *
 * A view's days: for a view of dates only (a range, on-this-day), every day it spans, with or without entries (a mood
 * may be set on a day nothing was written); for a view narrowed by entries (search, tags), the days it has entries on.
 */
import { sql } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import { viewRows } from '../views/entry-queries.ts';
import type { JournalView } from '../views/journal-view.ts';
import { monthDayCalendarDays } from '../views/on-this-day.ts';

/** Filters that are about days only; any other narrows to the days the view has entries on. */
const DAY_FILTERS = new Set(['from', 'to', 'monthDays']);

const narrowsEntries = (view: JournalView) =>
  Object.entries(view).some(([key, value]) => value !== undefined && !DAY_FILTERS.has(key));

/** The owner's mood rows on the view's days (`{ journal }`: the days that journal has entries on). */
export function moodDays(db: JournalDb, ownerId: number, view: JournalView) {
  let query = db.selectFrom('mood').where('mood.owner_id', '=', ownerId);
  if (view.from !== undefined) query = query.where('mood.local_day', '>=', view.from);
  if (view.to !== undefined) query = query.where('mood.local_day', '<=', view.to);
  const monthDays = monthDayCalendarDays(view);
  if (monthDays !== null)
    query = monthDays.length ? query.where('mood.local_day', 'in', monthDays) : query.where(sql<boolean>`1 = 0`);
  if (narrowsEntries(view))
    query = query.where('mood.local_day', 'in', viewRows(db, ownerId, view).select('local_day'));
  return query;
}

export interface DayMood {
  date: string;
  mood: number;
}

/** The view's days that have a mood, oldest first. */
export async function moodByDay(db: JournalDb, ownerId: number, view: JournalView): Promise<DayMood[]> {
  const rows = await moodDays(db, ownerId, view)
    .select(['mood.local_day as date', 'mood.mood'])
    .orderBy('mood.local_day')
    .execute();
  return rows.map((r) => ({ date: r.date, mood: Number(r.mood) }));
}

/** The mean mood over the view's days that have one, and how many there are; null without any. */
export async function averageMood(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
): Promise<{ average: number | null; days: number }> {
  const row = await moodDays(db, ownerId, view)
    .select((eb) => [eb.fn.avg<number | string | null>('mood.mood').as('average'), eb.fn.countAll<number>().as('days')])
    .executeTakeFirstOrThrow();
  return { average: row.average === null ? null : Number(row.average), days: Number(row.days) };
}

export interface TagMood {
  tag: string;
  /** The view's days with a mood on which an entry carries the tag. */
  days: number;
  /** The mean mood on those days. */
  averageMood: number;
  /** The mean mood on the view's other days with a mood; null when every such day has the tag. */
  averageMoodWithout: number | null;
}

/** For each tag on the view's days with a mood: those days, the mean mood on them, and the mean on the others. */
export async function moodByTag(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  limit: number,
): Promise<{ tags: TagMood[]; distinct: number; moodDays: number }> {
  const md = moodDays(db, ownerId, view).select(['mood.local_day', 'mood.mood']);
  let tagged = db
    .selectFrom('entry_tag as t')
    .innerJoin('entry as e', 'e.id', 't.entry_id')
    .where('t.owner_id', '=', ownerId)
    .where('e.owner_id', '=', ownerId)
    .where('e.local_day', 'in', moodDays(db, ownerId, view).select('mood.local_day'))
    .select(['t.tag', 'e.local_day'])
    .distinct();
  if (narrowsEntries(view)) tagged = tagged.where('e.id', 'in', viewRows(db, ownerId, view).select('id'));
  // kysely puts the embedded queries in parentheses. PostgreSQL returns numerics as text: read through Number().
  const { rows } = await sql<{
    tag: string;
    days: number | string;
    with_tag: number | string;
    without_tag: number | string | null;
    distinct: number | string;
  }>`
    WITH md AS ${md}, td AS ${tagged}, tot AS (SELECT count(*) AS n, sum(mood) AS s FROM md)
    SELECT td.tag AS tag, count(*) AS days, sum(md.mood) * 1.0 / count(*) AS with_tag,
      (tot.s - sum(md.mood)) * 1.0 / nullif(tot.n - count(*), 0) AS without_tag,
      count(*) over () AS "distinct"
    FROM td JOIN md ON md.local_day = td.local_day CROSS JOIN tot
    GROUP BY td.tag, tot.n, tot.s
    ORDER BY count(*) DESC, td.tag
    LIMIT ${limit}`.execute(db);
  const total = await averageMood(db, ownerId, view);
  const tags = rows.map((r) => ({
    tag: r.tag,
    days: Number(r.days),
    averageMood: Number(r.with_tag),
    averageMoodWithout: r.without_tag === null ? null : Number(r.without_tag),
  }));
  return { tags, distinct: Number(rows[0]?.distinct ?? 0), moodDays: total.days };
}
