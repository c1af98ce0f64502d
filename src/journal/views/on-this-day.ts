/** "On this day": a view narrowed to one month and day (MM-DD) in every year, and the calendar days that stands for. */
import { z } from 'zod';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import { daysOnMonthDays, monthDaysOf, yearOf } from '../dates/calendar-day.ts';
import { dayArgument, type JournalView } from './journal-view.ts';

/** This view narrowed to `monthDays`; two such filters intersect (possibly to none, an empty view). */
export function withMonthDays(view: JournalView, monthDays: string[]): JournalView {
  const kept = view.monthDays ? view.monthDays.filter((m) => monthDays.includes(m)) : [...new Set(monthDays)];
  return { ...view, monthDays: kept.sort() };
}

// Telegram began in 2013 and imports read its instants, so entries fall well inside these years.
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;

/**
 * The calendar days a month-day filter stands for within the view's range, or null without that filter.
 * Listed out so SQLite seeks each day on the (owner, local_day) index instead of scanning every entry.
 */
export function monthDayCalendarDays(view: JournalView): string[] | null {
  if (view.monthDays === undefined) return null;
  const first = Math.max(FIRST_YEAR, view.from ? yearOf(view.from) : FIRST_YEAR);
  const last = Math.min(LAST_YEAR, view.to ? yearOf(view.to) : LAST_YEAR);
  return daysOnMonthDays(view.monthDays, first, last);
}

/** How a month-day filter reads in a view's description, e.g. " written on 04-01 in any year". */
export function monthDaysText(view: JournalView): string {
  if (view.monthDays === undefined) return '';
  if (view.monthDays.length === 0) return ' written on no day (its on-this-day filters do not overlap)';
  return ` written on ${view.monthDays.join(' or ')} (MM-DD) in any year`;
}

/** The JournalCollection method; `today` is the owner's local day, the default date. */
export function onThisDayMethod(kind: string, today: () => string): MethodDefinition<JournalView> {
  return methodsFor<JournalView>()({
    name: 'onThisDay',
    signature: 'onThisDay(date?: YYYY-MM-DD) -> JournalCollection',
    // Feb 29 on a common year's Feb 28 is left out here: the interface must stay short, and the view says what it holds.
    description: 'a new handle on that month and day in every year (default today).',
    args: z.strictObject({ date: dayArgument('date').optional() }),
    run: async (view, args) => ({
      object: { kind, state: withMonthDays(view, monthDaysOf(args.date ?? today())) },
    }),
  });
}
