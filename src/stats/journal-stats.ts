/**
 * The numbers of a stats picture, read through the journal's own views: entries per day of the period (the query
 * behind getOverview), its tags (getTags), and the days written up to today for the streaks.
 */
import type { JournalDb } from '../db/open-database.ts';
import { countByPeriod } from '../journal/entry-queries.ts';
import { countTags, type TagCount } from '../journal/tag-queries.ts';
import { lastTwelveMonths, monthsOf, streaksOf, weekEndingOn, yearSpan, type DaySpan, type Streaks } from '../journal/dates/calendar-spans.ts';

/** What a picture covers: the last twelve months, a calendar year, or the digest's week. */
export type StatsPeriod = { kind: 'last-12-months' } | { kind: 'year'; year: number } | { kind: 'week'; endingOn: string };

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
}

/** How many tags the picture lists. */
export const TOP_TAGS = 5;

export function spanOf(period: StatsPeriod, today: string): DaySpan {
  if (period.kind === 'year') return yearSpan(period.year);
  if (period.kind === 'week') return weekEndingOn(period.endingOn);
  return lastTwelveMonths(today);
}

export async function readJournalStats(db: JournalDb, ownerId: number, period: StatsPeriod, today: string): Promise<JournalStats> {
  const span = spanOf(period, today);
  const view = { from: span.from, to: span.to };
  const [perDayRows, tags, writtenUpToToday] = await Promise.all([
    countByPeriod(db, ownerId, view, 'day'),
    countTags(db, ownerId, view, TOP_TAGS),
    countByPeriod(db, ownerId, { to: today }, 'day'),
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
    streaks: { current: streaksOf(writtenUpToToday.map((r) => r.period), today).current, longest: longestInSpan },
    topTags: tags.tags,
  };
}
