/** Plain calendar arithmetic on YYYY-MM-DD strings (UTC dates, no zones involved). */
import { addDays } from '../../src/journal/local-day.ts';

export { addDays };

/** The last day of a YYYY-MM month. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/** "2024-04" → "April 2024". */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Every day of a YYYY-MM month. */
export function daysOfMonth(month: string): string[] {
  const end = monthEnd(month);
  const days: string[] = [];
  for (let d = `${month}-01`; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}
