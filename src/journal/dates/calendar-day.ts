/**
 * Calendar days written `YYYY-MM-DD` (an entry's local day, a review's range, a digest's day): arithmetic,
 * validation, month and week boundaries, month-day matching and names. A day is zone-less: date-fns works on it as
 * midnight of that day in UTC (a TZDate), where no clock change can skip or repeat an hour, whatever zone the
 * process runs in.
 *
 * Why validation and reading a day's fields skip TZDate: building one costs 10–30 µs (it asks Intl for the UTC
 * offset several times), and a typed day is checked on every method call that takes one (BENCHMARKS.md's "within
 * 2× of SQL" aim). A day is real when its fields survive a round trip through a UTC Date (0.3 µs).
 */
import { TZDate } from '@date-fns/tz/date';
import { addDays as addDaysToDate } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { endOfMonth } from 'date-fns/endOfMonth';
import { format } from 'date-fns/format';
import { getDay } from 'date-fns/getDay';
import { startOfMonth } from 'date-fns/startOfMonth';
import { startOfWeek } from 'date-fns/startOfWeek';
import { addMonths as addMonthsToDate } from 'date-fns/addMonths';
import { subMonths } from 'date-fns/subMonths';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// uuuu, not yyyy: yyyy is the year of the era, which writes year 0 (1 BC) as 0001.
const DAY_FORMAT = 'uuuu-MM-dd';

/** Year, month (1–12) and day of a real calendar day in YYYY-MM-DD, or null. */
function fieldsOf(text: string): [number, number, number] | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // 2024-02-30 rolls over to March 1 (and month 13 to January): a day that does not come back is not a day.
  const probe = new Date(0);
  probe.setUTCFullYear(y, mo - 1, d);
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d ? [y, mo, d] : null;
}

function fieldsOfDay(day: string): [number, number, number] {
  const fields = fieldsOf(day);
  if (!fields) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return fields;
}

/** The day as a date-fns date: midnight of it in UTC. */
function dateOfDay(day: string): TZDate {
  const [y, mo, d] = fieldsOfDay(day);
  const date = new TZDate(0, 'UTC');
  // setFullYear, not the (y, m, d) constructor: that one reads years 0–99 as 1900–1999.
  date.setFullYear(y, mo - 1, d);
  return date;
}

const dayOf = (date: Date) => format(date, DAY_FORMAT);

/** True for a real calendar day written as YYYY-MM-DD (2024-02-30 and 2023-02-29 are not). */
export function isCalendarDay(text: string): boolean {
  return fieldsOf(text) !== null;
}

/** `day` moved by whole days (`2024-03-01`, -1 → `2024-02-29`). */
export function addDays(day: string, days: number): string {
  return dayOf(addDaysToDate(dateOfDay(day), days));
}

/** `day` moved by whole months, clamped to the month's end (`2024-01-31`, 1 → `2024-02-29`). */
export function addMonths(day: string, months: number): string {
  return dayOf(addMonthsToDate(dateOfDay(day), months));
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
  return fieldsOfDay(day)[0];
}

/** `2024-03` */
export function monthOf(day: string): string {
  fieldsOfDay(day);
  return day.slice(0, 7);
}

/** `March 2024` */
export function monthName(day: string): string {
  return format(dateOfDay(day), 'MMMM yyyy');
}

/** `Monday, 1 April 2024`: a day as a page title reads it. */
export function dayTitle(day: string): string {
  return format(dateOfDay(day), 'EEEE, d MMMM yyyy');
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
  fieldsOfDay(day);
  return day.slice(5);
}

/** True when `year` has a Feb 29. */
export function isLeapYear(year: number): boolean {
  return fieldsOf(`${String(year).padStart(4, '0')}-02-29`) !== null;
}

/**
 * The month-days that are `day`'s "on this day": on Feb 28 of a year without Feb 29, leap years' Feb 29 shows
 * too (so an entry written on Feb 29 comes back every year).
 */
export function monthDaysOf(day: string): string[] {
  const monthDay = monthDayOf(day);
  return monthDay === '02-28' && !isLeapYear(yearOf(day)) ? ['02-28', '02-29'] : [monthDay];
}

/** The real calendar days that fall on any of `monthDays` (MM-DD) from `firstYear` to `lastYear`, in order. */
export function daysOnMonthDays(monthDays: readonly string[], firstYear: number, lastYear: number): string[] {
  const days: string[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const monthDay of monthDays) {
      // Feb 29 only in leap years: a day that does not exist is no day to look up. Other month-days come from
      // real days (monthDaysOf), so they exist in every year.
      if (monthDay === '02-29' && !isLeapYear(year)) continue;
      days.push(`${String(year).padStart(4, '0')}-${monthDay}`);
    }
  }
  return days;
}
