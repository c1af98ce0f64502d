/**
 * Which years the calendar opens on and links to, found by index seeks only (the last day with entries before a
 * day), so the cost is a seek per year whatever the journal's size.
 */

/** The view's last day with entries before `day`, or null. */
export type LastDayBefore = (day: string) => Promise<string | null>;

/** The calendar links at most this many years with entries. */
const MAX_YEARS = 200;

/** This year when it has entries, else the latest year that has (this year if none has). */
export async function openingYear(lastDayBefore: LastDayBefore, today: string): Promise<number> {
  const thisYear = Number(today.slice(0, 4));
  // The last day before next year is in this year when this year has entries.
  if ((await lastDayBefore(`${thisYear + 1}-01-01`))?.startsWith(String(thisYear))) return thisYear;
  const latest = await lastDayBefore('9999-12-31');
  return latest === null ? thisYear : Number(latest.slice(0, 4));
}

/** The years with entries, newest first: from the latest day back, the last day before each year found starts the next. */
export async function yearsWithEntries(lastDayBefore: LastDayBefore): Promise<number[]> {
  const years: number[] = [];
  for (let before = '9999-12-31'; years.length < MAX_YEARS;) {
    const day = await lastDayBefore(before);
    if (day === null) break;
    years.push(Number(day.slice(0, 4)));
    before = `${day.slice(0, 4)}-01-01`;
  }
  return years;
}
