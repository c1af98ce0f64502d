/**
 * JournalCollection.getCalendar: the view's days with their entry count and mood, its range and description, in one
 * value: what a calendar draws (the MCP App's showCalendar tool calls it). No entry text. Its shape is
 * formats/calendar.ts, which the App parses the value with.
 */
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import { countByPeriod, countView } from '../views/entry-queries.ts';
import { describeView } from '../views/describe-view.ts';
import { moodByDay } from './mood-queries.ts';
import type { JournalView } from '../views/journal-view.ts';
import { monthSpan, monthsOf, weekdayIndex } from '../dates/calendar-spans.ts';
import { daysBetween } from '../dates/calendar-day.ts';
import type { CalendarDay, CalendarMonth, CalendarValue } from '../../formats/calendar.ts';

const method = methodsFor<JournalView>();

/**
 * Days one calendar value lists (the latest ones) before it says how to narrow: ~44 characters a day, so ten months
 * and the description stay under the result cap (objects/bound-result.ts), which would otherwise cut the value.
 */
export const CALENDAR_DAYS_LISTED = 300;

/** Every month from the first listed day's to the last's, laid out (a client draws them without date arithmetic). */
function monthsSpanned(days: readonly CalendarDay[]): CalendarMonth[] {
  if (days.length === 0) return [];
  return monthsOf({ from: days[0]!.date, to: days.at(-1)!.date }).map((month) => {
    const { from, to } = monthSpan(month);
    return { month, firstWeekday: weekdayIndex(from), length: daysBetween(from, to) + 1 };
  });
}

export function calendarMethod(db: JournalDb): MethodDefinition<JournalView> {
  return method({
    name: 'getCalendar',
    signature: 'getCalendar() -> {description, range, days: {date, count, mood}[], months}',
    description: `entry count and mood (1-5 or null) of each day with either, the latest ${CALENDAR_DAYS_LISTED}; no entry text.`,
    args: z.strictObject({}),
    pagingHint: 'Narrow with getDateRangeView to see earlier days.',
    run: async (view, _args, ctx) => {
      const [counts, perDay, moods] = await Promise.all([
        countView(db, ctx.ownerId, view),
        countByPeriod(db, ctx.ownerId, view, 'day'),
        moodByDay(db, ctx.ownerId, view),
      ]);
      // A day with a mood but no entry still shows its colour (a count of 0).
      const byDate = new Map<string, CalendarDay>(
        perDay.map((d) => [d.period, { date: d.period, count: d.entries, mood: null }]),
      );
      for (const m of moods) byDate.set(m.date, { date: m.date, count: byDate.get(m.date)?.count ?? 0, mood: m.mood });
      const all = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const days = all.slice(-CALENDAR_DAYS_LISTED);
      const cut = days.length < all.length;
      const value: CalendarValue = {
        description: describeView(view, counts),
        range: { first: counts.firstDate, last: counts.lastDate },
        days,
        months: monthsSpanned(days),
        ...(cut
          ? {
              note: `Showing the last ${days.length} of ${all.length} days; narrow with getDateRangeView for earlier ones.`,
            }
          : {}),
      };
      return { value };
    },
  });
}
