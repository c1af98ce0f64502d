/** When a daily digest is due: its local time on a local day, in the journal's zone; and which days are due now. */
import { addDays } from '../journal/dates/calendar-day.ts';
import { HOUR_MS } from '../journal/dates/durations.ts';
import { instantOnDay, localDay } from '../journal/dates/local-moment.ts';

/** A digest more than this late (the bot was down) is skipped, not sent. */
export const LATE_LIMIT_MS = 12 * HOUR_MS;

/** The instant `localTime` happens on `day` in `zone` (a time skipped by a DST jump lands just after it). */
export const dueAt = (day: string, localTime: string, zone: string): Date => instantOnDay(day, localTime, zone);

export interface DueDay {
  day: string;
  due: Date;
  lateMs: number;
}

/**
 * The days whose digest has come due by `now` and not before `since` (a digest is never owed for a time before it
 * was asked for): at most yesterday's and today's, since anything older is past the late limit anyway.
 */
export function dueDays(schedule: { localTime: string; since: string }, now: Date, zone: string): DueDay[] {
  const today = localDay(now, zone);
  const since = new Date(schedule.since).getTime();
  return [addDays(today, -1), today]
    .map((day) => {
      const due = dueAt(day, schedule.localTime, zone);
      return { day, due, lateMs: now.getTime() - due.getTime() };
    })
    .filter((d) => d.lateMs >= 0 && d.due.getTime() >= since);
}

/** The first instant after `now` a digest at `localTime` comes due (today's, else tomorrow's). */
export function nextDue(localTime: string, now: Date, zone: string): Date {
  const today = localDay(now, zone);
  for (const day of [today, addDays(today, 1), addDays(today, 2)]) {
    const due = dueAt(day, localTime, zone);
    if (due.getTime() > now.getTime()) return due;
  }
  throw new Error(`No next time for ${localTime} in ${zone}`);
}
