/**
 * The numbers of a stats picture, read through the journal's own views: entries per day of the period (the query
 * behind getOverview), its tags (getTags), and the days written up to today for the streaks.
 */
import type { JournalDb } from '../db/journal-database.ts';
import { countByPeriod, daysWithEntries } from '../journal/views/entry-queries.ts';
import { addDays, eachDay } from '../journal/dates/calendar-day.ts';
import { countTags, type TagCount } from '../journal/tags/tag-queries.ts';
import { moodByDay } from '../journal/mood/mood-queries.ts';
import {
  lastTwelveMonths,
  monthsOf,
  streaksOf,
  weekEndingOn,
  yearSpan,
  type DaySpan,
  type Streaks,
} from '../journal/dates/calendar-spans.ts';

/** What a picture covers: the last twelve months, a calendar year, or the digest's week. */
export type StatsPeriod =
  { kind: 'last-12-months' } | { kind: 'year'; year: number } | { kind: 'week'; endingOn: string };

export interface JournalStats {
  period: StatsPeriod;
  span: DaySpan;
  /** Entries per day written, days without entries absent. */
  perDay: Map<string, number>;
  entries: number;
  days: number;
  /** Entries per month of the span, every month listed (0 included). */
  months: { month: string; entries: number }[];
  streaks: Streaks;
  topTags: TagCount[];
  /** The mood (1 to 5) of each day of the span that has one; empty when none does (then the picture shows none). */
  moods: Map<string, number>;
}

/** How many tags the picture lists. */
export const TOP_TAGS = 5;

export function spanOf(period: StatsPeriod, today: string): DaySpan {
  if (period.kind === 'year') return yearSpan(period.year);
  if (period.kind === 'week') return weekEndingOn(period.endingOn);
  return lastTwelveMonths(today);
}

/** Days asked at first when walking back for the current streak; each further step asks twice as many. */
const STREAK_STEP_DAYS = 64;
/** At most this many days in one statement (each a bound value). */
const STREAK_MAX_STEP_DAYS = 4_096;

/**
 * The days written in the run that ends today (or yesterday), walked back a window at a time until a day without
 * entries ends it: the cost follows the streak's length, not the journal's.
 */
async function currentStreakDays(
  db: JournalDb,
  ownerId: number,
  today: string,
  journal: string | undefined,
): Promise<Set<string>> {
  const written = new Set<string>();
  let to = today;
  for (let step = STREAK_STEP_DAYS; ; step = Math.min(step * 2, STREAK_MAX_STEP_DAYS)) {
    const from = addDays(to, -(step - 1));
    const days = eachDay(from, to);
    for (const day of await daysWithEntries(db, ownerId, days, journal)) written.add(day);
    // A missing day other than today ends the run (today may still be unwritten).
    if (days.some((day) => day !== today && !written.has(day))) return written;
    to = addDays(from, -1);
  }
}

/**
 * `journal`: one journal's numbers alone (a stored name), its streaks included; every journal's when left out. Moods
 * belong to days, not journals: one journal's picture shows those of the days it has entries on.
 */
export async function readJournalStats(
  db: JournalDb,
  ownerId: number,
  period: StatsPeriod,
  today: string,
  journal?: string,
): Promise<JournalStats> {
  const span = spanOf(period, today);
  const view = { from: span.from, to: span.to, ...(journal === undefined ? {} : { journal }) };
  const [perDayRows, tags, writtenUpToToday, moods] = await Promise.all([
    countByPeriod(db, ownerId, view, 'day'),
    countTags(db, ownerId, view, TOP_TAGS),
    currentStreakDays(db, ownerId, today, journal),
    moodByDay(db, ownerId, view),
  ]);
  const perDay = new Map(perDayRows.map((r) => [r.period, r.entries]));
  const perMonth = new Map<string, number>();
  for (const [day, n] of perDay) perMonth.set(day.slice(0, 7), (perMonth.get(day.slice(0, 7)) ?? 0) + n);
  const longestInSpan = streaksOf([...perDay.keys()], span.to).longest;
  return {
    period,
    span,
    perDay,
    entries: [...perDay.values()].reduce((a, b) => a + b, 0),
    days: perDay.size,
    months: monthsOf(span).map((month) => ({ month, entries: perMonth.get(month) ?? 0 })),
    streaks: { current: streaksOf([...writtenUpToToday], today).current, longest: longestInSpan },
    topTags: tags.tags,
    moods: new Map(moods.map((m) => [m.date, m.mood])),
  };
}
