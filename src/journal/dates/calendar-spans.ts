/**
 * Calendar arithmetic on journal days (`YYYY-MM-DD` in the owner's zone) for the stats picture and the web calendar:
 * periods, week columns, months and streaks. All of it is date-fns in the owner's zone (`{ in: tz(zone) }`), so a
 * DST day is still one day and no millisecond maths is written here.
 */
import { tz } from '@date-fns/tz/tz';
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { eachMonthOfInterval } from 'date-fns/eachMonthOfInterval';
import { endOfMonth } from 'date-fns/endOfMonth';
import { endOfWeek } from 'date-fns/endOfWeek';
import { format } from 'date-fns/format';
import { getISODay } from 'date-fns/getISODay';
import { parseISO } from 'date-fns/parseISO';
import { startOfMonth } from 'date-fns/startOfMonth';
import { startOfWeek } from 'date-fns/startOfWeek';

/** An inclusive span of journal days. */
export interface DaySpan {
  from: string;
  to: string;
}

const DAY_FORMAT = 'yyyy-MM-dd';

const inZone = (zone: string) => ({ in: tz(zone) });
const dayOf = (day: string, zone: string) => parseISO(day, inZone(zone));
const text = (date: Date) => format(date, DAY_FORMAT);

/** `day` moved by `days` (negative: back). */
export function shiftDay(day: string, days: number, zone: string): string {
  return text(addDays(dayOf(day, zone), days, inZone(zone)));
}

/** Every day of the span, in order. */
export function daysOf(span: DaySpan, zone: string): string[] {
  return eachDayOfInterval({ start: dayOf(span.from, zone), end: dayOf(span.to, zone) }, inZone(zone)).map(text);
}

/** The twelve calendar months ending with today's (the current month so far). */
export function lastTwelveMonths(today: string, zone: string): DaySpan {
  return { from: text(startOfMonth(addMonths(dayOf(today, zone), -11, inZone(zone)), inZone(zone))), to: today };
}

/** One calendar year. */
export function yearSpan(year: number): DaySpan {
  const y = String(year).padStart(4, '0');
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

/** One calendar month, `YYYY-MM`. */
export function monthSpan(month: string, zone: string): DaySpan {
  const first = dayOf(`${month}-01`, zone);
  return { from: text(first), to: text(endOfMonth(first, inZone(zone))) };
}

/** The seven days ending with `day` (the digest's week). */
export function weekEndingOn(day: string, zone: string): DaySpan {
  return { from: shiftDay(day, -6, zone), to: day };
}

/** The months the span touches, `YYYY-MM`, in order. */
export function monthsOf(span: DaySpan, zone: string): string[] {
  return eachMonthOfInterval({ start: dayOf(span.from, zone), end: dayOf(span.to, zone) }, inZone(zone)).map((d) => format(d, 'yyyy-MM'));
}

/** The month `offset` months from `month` (`YYYY-MM`). */
export function shiftMonth(month: string, offset: number, zone: string): string {
  return format(addMonths(dayOf(`${month}-01`, zone), offset, inZone(zone)), 'yyyy-MM');
}

/** Monday 0 … Sunday 6. */
export function weekdayIndex(day: string, zone: string): number {
  return getISODay(dayOf(day, zone)) - 1;
}

/**
 * The span laid out as calendar weeks (Monday first), each seven slots: a day of the span, or null before its
 * first day and after its last.
 */
export function weekColumns(span: DaySpan, zone: string): (string | null)[][] {
  const options = { weekStartsOn: 1 as const, ...inZone(zone) };
  const start = startOfWeek(dayOf(span.from, zone), options);
  const end = endOfWeek(dayOf(span.to, zone), options);
  const days = eachDayOfInterval({ start, end }, inZone(zone)).map(text);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7).map((d) => (d >= span.from && d <= span.to ? d : null)));
  return weeks;
}

export interface Streaks {
  /** Days written in a row up to today (or up to yesterday, while today is still open). */
  current: number;
  /** The longest run of days written in a row among the days given. */
  longest: number;
}

/** Streaks over the days written (any order, duplicates allowed), as of `today`. */
export function streaksOf(daysWritten: readonly string[], today: string, zone: string): Streaks {
  const days = [...new Set(daysWritten)].sort();
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && differenceInCalendarDays(dayOf(day, zone), dayOf(previous, zone), inZone(zone)) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const written = new Set(days);
  let current = 0;
  let day = written.has(today) ? today : shiftDay(today, -1, zone);
  while (written.has(day)) {
    current += 1;
    day = shiftDay(day, -1, zone);
  }
  return { current, longest };
}

/** `Monday, 1 April 2024`: a day as a page title reads it. */
export function dayTitle(day: string, zone: string): string {
  return format(dayOf(day, zone), 'EEEE, d MMMM yyyy');
}

/** `April 2024`. */
export function monthTitle(month: string, zone: string): string {
  return format(dayOf(`${month}-01`, zone), 'MMMM yyyy');
}
