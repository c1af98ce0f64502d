/** "On this day": a view narrowed to one month and day (MM-DD) in every year, and the calendar days that stands for. */
import { z } from 'zod';
import { methodsFor, type MethodDefinition } from '../objects/kind.ts';
import { dayArgument, type JournalView } from './journal-view.ts';

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The month-days that are `date`'s "this day": on Feb 28 of a year without Feb 29, leap years' Feb 29 shows too. */
export function monthDaysOf(date: string): string[] {
  const monthDay = date.slice(5);
  return monthDay === '02-28' && !isLeapYear(Number(date.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
}

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
  const first = Math.max(FIRST_YEAR, view.from ? Number(view.from.slice(0, 4)) : FIRST_YEAR);
  const last = Math.min(LAST_YEAR, view.to ? Number(view.to.slice(0, 4)) : LAST_YEAR);
  const days: string[] = [];
  for (let year = first; year <= last; year++) {
    for (const monthDay of view.monthDays) days.push(`${String(year).padStart(4, '0')}-${monthDay}`);
  }
  return days;
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
