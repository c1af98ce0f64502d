/**
 * Calendar days written `YYYY-MM-DD` (an entry's local day, a review's range, a digest's day): arithmetic,
 * validation, month and week boundaries, month-day matching and names, all through date-fns. A day is zone-less:
 * it is worked on as midnight of that day in UTC (a TZDate), where no clock change can skip or repeat an hour.
 */
import { TZDate } from '@date-fns/tz/date';
import { addDays as addDaysToDate } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { endOfMonth } from 'date-fns/endOfMonth';
import { format } from 'date-fns/format';
import { getDay } from 'date-fns/getDay';
import { getYear } from 'date-fns/getYear';
import { isLeapYear } from 'date-fns/isLeapYear';
import { isValid } from 'date-fns/isValid';
import { startOfMonth } from 'date-fns/startOfMonth';
import { startOfWeek } from 'date-fns/startOfWeek';
import { subMonths } from 'date-fns/subMonths';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FORMAT = 'yyyy-MM-dd';

/** The day as a date-fns date (midnight UTC), or null unless `text` is a real calendar day in YYYY-MM-DD. */
function dateOf(text: string): TZDate | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const date = new TZDate(0, 'UTC');
  // setFullYear, not the (y, m, d) constructor: that one reads years 0–99 as 1900–1999.
  date.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return isValid(date) && format(date, DAY_FORMAT) === text ? date : null;
}

function dateOfDay(day: string): TZDate {
  const date = dateOf(day);
  if (!date) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return date;
}

const dayOf = (date: Date) => format(date, DAY_FORMAT);

/** True for a real calendar day written as YYYY-MM-DD (2024-02-30 and 2023-02-29 are not). */
export function isCalendarDay(text: string): boolean {
  return dateOf(text) !== null;
}

/** `day` moved by whole days (`2024-03-01`, -1 → `2024-02-29`). */
export function addDays(day: string, days: number): string {
  return dayOf(addDaysToDate(dateOfDay(day), days));
}

/** Calendar days from `from` to `to` (`2024-03-01` → `2024-03-03` is 2). */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(dateOfDay(to), dateOfDay(from));
}

/** Every day from `from` to `to`, both included; none when `to` is before `from`. */
export function eachDay(from: string, to: string): string[] {
  if (to < from) return [];
  return eachDayOfInterval({ start: dateOfDay(from), end: dateOfDay(to) }).map(dayOf);
}

/** Sunday is 0, Saturday 6. */
export function weekdayOf(day: string): number {
  return getDay(dateOfDay(day));
}

/** `Monday` */
export function weekdayName(day: string): string {
  return format(dateOfDay(day), 'EEEE');
}

/** The year, as a number. */
export function yearOf(day: string): number {
  return getYear(dateOfDay(day));
}

/** `2024-03` */
export function monthOf(day: string): string {
  return format(dateOfDay(day), 'yyyy-MM');
}

/** `March 2024` */
export function monthName(day: string): string {
  return format(dateOfDay(day), 'MMMM yyyy');
}

/** The first and last day of `day`'s month. */
export function monthRange(day: string): { startDate: string; endDate: string } {
  const date = dateOfDay(day);
  return { startDate: dayOf(startOfMonth(date)), endDate: dayOf(endOfMonth(date)) };
}

/** The first and last day of the month before `day`'s (`2024-03-31` → February 2024, the 29th). */
export function previousMonthRange(day: string): { startDate: string; endDate: string } {
  return monthRange(dayOf(subMonths(startOfMonth(dateOfDay(day)), 1)));
}

/** The first and last day of `day`'s week; weeks start on Monday unless said otherwise (0 = Sunday). */
export function weekRange(day: string, weekStartsOn: 0 | 1 = 1): { startDate: string; endDate: string } {
  const startDate = dayOf(startOfWeek(dateOfDay(day), { weekStartsOn }));
  return { startDate, endDate: addDays(startDate, 6) };
}

/** `MM-DD` */
export function monthDayOf(day: string): string {
  return format(dateOfDay(day), 'MM-dd');
}

/**
 * The month-days that are `day`'s "on this day": on Feb 28 of a year without Feb 29, leap years' Feb 29 shows
 * too (so an entry written on Feb 29 comes back every year).
 */
export function monthDaysOf(day: string): string[] {
  const date = dateOfDay(day);
  const monthDay = format(date, 'MM-dd');
  return monthDay === '02-28' && !isLeapYear(date) ? ['02-28', '02-29'] : [monthDay];
}

/** The real calendar days that fall on any of `monthDays` (MM-DD) from `firstYear` to `lastYear`, in order. */
export function daysOnMonthDays(monthDays: readonly string[], firstYear: number, lastYear: number): string[] {
  const days: string[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const monthDay of monthDays) {
      // Feb 29 only in leap years: a day that does not exist is no day to look up. Other month-days come from
      // real days (monthDaysOf), so they exist in every year; checking each would cost ~10 µs a day per query.
      if (monthDay === '02-29' && !isLeapYear(dateOfDay(`${String(year).padStart(4, '0')}-01-01`))) continue;
      days.push(`${String(year).padStart(4, '0')}-${monthDay}`);
    }
  }
  return days;
}
