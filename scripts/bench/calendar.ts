/** Calendar arithmetic on YYYY-MM-DD days and YYYY-MM months for the benchmarks: the app's date layer. */
import {
  addDays,
  eachDay,
  monthName as monthNameOfDay,
  monthOf,
  monthRange,
  previousMonthRange,
} from '../../src/journal/dates/calendar-day.ts';

export { addDays };

/** The last day of a YYYY-MM month. */
export function monthEnd(month: string): string {
  return monthRange(`${month}-01`).endDate;
}

export function previousMonth(month: string): string {
  return monthOf(previousMonthRange(`${month}-01`).startDate);
}

/** "2024-04" → "April 2024". */
export function monthName(month: string): string {
  return monthNameOfDay(`${month}-01`);
}

/** Every day of a YYYY-MM month. */
export function daysOfMonth(month: string): string[] {
  return eachDay(`${month}-01`, monthEnd(month));
}
