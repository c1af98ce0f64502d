/**
 * The calendar's layout from what the server sent: each month's weekday of the 1st and length come with the days
 * (getCalendar computes them in the journal's date layer), so the App does no date arithmetic of its own.
 */
import type { CalendarDay, CalendarMonth } from '../../formats/calendar.ts';

/** A month's cells Monday first: null for the blanks before the 1st, then each date with its day when it has entries. */
export function dayCells(
  month: CalendarMonth,
  days: readonly CalendarDay[],
): ({ date: string; day: CalendarDay | undefined } | null)[] {
  const byDate = new Map(days.filter((d) => d.date.startsWith(month.month)).map((d) => [d.date, d]));
  const cells: ({ date: string; day: CalendarDay | undefined } | null)[] = Array.from(
    { length: month.firstWeekday },
    () => null,
  );
  for (let d = 1; d <= month.length; d++) {
    const date = `${month.month}-${String(d).padStart(2, '0')}`;
    cells.push({ date, day: byDate.get(date) });
  }
  return cells;
}
