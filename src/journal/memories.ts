/** What the owner wrote on this day in every year, read for the chat (/onthisday) and the daily digest. */
import type { JournalDb } from '../db/journal-database.ts';
import { countEntries, findEntriesNewestDayFirst, type JournalEntryValue } from './views/entry-queries.ts';
import { monthDaysOf } from './dates/calendar-day.ts';
import { withMonthDays } from './views/on-this-day.ts';

export interface OnThisDay {
  /** The day asked about, YYYY-MM-DD. */
  date: string;
  /** Newest year first, at most the limit asked for. */
  entries: JournalEntryValue[];
  /** All entries on this day in every year (entries.length or more). */
  total: number;
}

/** More than one Telegram message holds; the reader cuts further to fit. */
export const ON_THIS_DAY_READ_LIMIT = 60;

export async function readOnThisDay(
  db: JournalDb,
  ownerId: number,
  date: string,
  limit = ON_THIS_DAY_READ_LIMIT,
): Promise<OnThisDay> {
  const view = withMonthDays({}, monthDaysOf(date));
  const [entries, total] = await Promise.all([
    findEntriesNewestDayFirst(db, ownerId, view, limit),
    countEntries(db, ownerId, view),
  ]);
  return { date, entries, total };
}

/** Whether the owner wrote anything on that local day. */
export async function wroteOn(db: JournalDb, ownerId: number, day: string): Promise<boolean> {
  return (await countEntries(db, ownerId, { from: day, to: day })) > 0;
}
