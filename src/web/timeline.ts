/**
 * The Timeline page's reading: entries newest first across days, a day at a time backwards from a day, by the index
 * seeks nearestDays makes, so the cost follows the page shown, not the journal's size.
 */
/** A page of the timeline: entries of any shape (the web's ListedEntry), newest first. */
export interface TimelinePage<Entry> {
  entries: Entry[];
  /** The day the next page starts before (the last day shown), or null when no earlier entry is left. */
  next: string | null;
}

/** After the last possible day: the timeline's first page starts with the latest entry, even one dated ahead. */
const AFTER_EVERY_DAY = '9999-12-31';

/**
 * Whole days, newest first, until at least `atLeast` entries are in hand: `lastDayBefore(day)` is the latest day with
 * entries before `day` (null: none), `day(date)` that day's entries oldest first.
 */
export async function readTimeline<Entry>(
  lastDayBefore: (day: string) => Promise<string | null>,
  day: (date: string) => Promise<Entry[]>,
  before: string | null,
  atLeast: number,
): Promise<TimelinePage<Entry>> {
  const entries: Entry[] = [];
  let cursor = before ?? AFTER_EVERY_DAY;
  for (;;) {
    const found = await lastDayBefore(cursor);
    if (found === null) return { entries, next: null };
    if (entries.length >= atLeast) return { entries, next: cursor };
    entries.push(...(await day(found)).reverse());
    cursor = found;
  }
}
