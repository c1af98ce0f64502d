/** The calendar's arithmetic on YYYY-MM-DD strings (no zones: the days are already the owner's local days). */

export interface CalendarDay {
  date: string;
  count: number;
  mood: number | null;
}

/** Every month from the first day's to the last day's, as YYYY-MM, in order. */
export function monthsOf(days: readonly CalendarDay[]): string[] {
  if (days.length === 0) return [];
  const months: string[] = [];
  let [year, month] = days[0]!.date.split('-').map(Number) as [number, number];
  const last = days.at(-1)!.date.slice(0, 7);
  for (;;) {
    const name = `${year}-${String(month).padStart(2, '0')}`;
    months.push(name);
    if (name >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** A month's cells Monday first: null for the blanks before the 1st, then each date with its day when it has entries. */
export function dayCells(
  month: string,
  days: readonly CalendarDay[],
): ({ date: string; day: CalendarDay | undefined } | null)[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const byDate = new Map(days.filter((d) => d.date.startsWith(month)).map((d) => [d.date, d]));
  const blanks = (first.getUTCDay() + 6) % 7;
  const cells: ({ date: string; day: CalendarDay | undefined } | null)[] = Array.from({ length: blanks }, () => null);
  for (let d = 1; d <= length; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    cells.push({ date, day: byDate.get(date) });
  }
  return cells;
}
