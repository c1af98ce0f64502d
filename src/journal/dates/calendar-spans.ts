/**
 * Spans of journal days for the stats picture and the web calendar: periods, months, Monday-first week columns
 * and streaks. Built on calendar-day.ts, whose days are zone-less (a DST day is still one day), so nothing here
 * takes a zone or does date maths of its own.
 */
import {
  addDays,
  addMonths,
  daysBetween,
  eachDay,
  monthName,
  monthOf,
  monthRange,
  weekdayOf,
  weekRange,
} from './calendar-day.ts';

/** An inclusive span of journal days. */
export interface DaySpan {
  from: string;
  to: string;
}

/** The first day of `month` (`YYYY-MM`). */
const firstOf = (month: string) => `${month}-01`;

/** The month `offset` months from `month` (`YYYY-MM`). */
export function shiftMonth(month: string, offset: number): string {
  return monthOf(addMonths(firstOf(month), offset));
}

/** The twelve calendar months ending with today's (the current month so far). */
export function lastTwelveMonths(today: string): DaySpan {
  return { from: firstOf(shiftMonth(monthOf(today), -11)), to: today };
}

/** One calendar year. */
export function yearSpan(year: number): DaySpan {
  const y = String(year).padStart(4, '0');
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

/** One calendar month, `YYYY-MM`. */
export function monthSpan(month: string): DaySpan {
  const { startDate, endDate } = monthRange(firstOf(month));
  return { from: startDate, to: endDate };
}

/** The seven days ending with `day` (the digest's week). */
export function weekEndingOn(day: string): DaySpan {
  return { from: addDays(day, -6), to: day };
}

/** The months the span touches, `YYYY-MM`, in order. */
export function monthsOf(span: DaySpan): string[] {
  const months: string[] = [];
  for (let month = monthOf(span.from); month <= monthOf(span.to); month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/** Monday 0 … Sunday 6. */
export function weekdayIndex(day: string): number {
  return (weekdayOf(day) + 6) % 7;
}

/**
 * The span laid out as calendar weeks (Monday first), each seven slots: a day of the span, or null before its
 * first day and after its last.
 */
export function weekColumns(span: DaySpan): (string | null)[][] {
  const days = eachDay(weekRange(span.from).startDate, weekRange(span.to).endDate);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < days.length; i += 7)
    weeks.push(days.slice(i, i + 7).map((d) => (d >= span.from && d <= span.to ? d : null)));
  return weeks;
}

export interface Streaks {
  /** Days written in a row up to today (or up to yesterday, while today is still open). */
  current: number;
  /** The longest run of days written in a row among the days given. */
  longest: number;
}

/** Streaks over the days written (any order, duplicates allowed), as of `today`. */
export function streaksOf(daysWritten: readonly string[], today: string): Streaks {
  const days = [...new Set(daysWritten)].sort();
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && daysBetween(previous, day) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const written = new Set(days);
  let current = 0;
  let day = written.has(today) ? today : addDays(today, -1);
  while (written.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  return { current, longest };
}

/** `April 2024`. */
export function monthTitle(month: string): string {
  return monthName(firstOf(month));
}
