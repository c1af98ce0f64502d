/** When a daily digest is due: its local time on a local day, in the journal's zone; and which days are due now. */
import { addDays, instantFromLocal, localMoment } from '../journal/local-day.ts';

export { addDays };

/** A digest more than this late (the bot was down) is skipped, not sent. */
export const LATE_LIMIT_MS = 12 * 3_600_000;

const HH_MM = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** `8:05` or `08:05` as `08:05`; null for anything that is not a time of day. */
export function parseLocalTime(text: string): string | null {
  const m = HH_MM.exec(text.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : null;
}

/** Sunday is 0, as Date.getUTCDay. */
export const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The instant `localTime` happens on `day` in `zone` (a time skipped by a DST jump lands just after it). */
export function dueAt(day: string, localTime: string, zone: string): Date {
  const at = instantFromLocal(`${day}T${localTime}`, zone);
  if (!at) throw new Error(`Not a local time: ${day} ${localTime}`);
  return at;
}

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
  const today = localMoment(now, zone).day;
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
  const today = localMoment(now, zone).day;
  for (const day of [today, addDays(today, 1), addDays(today, 2)]) {
    const due = dueAt(day, localTime, zone);
    if (due.getTime() > now.getTime()) return due;
  }
  throw new Error(`No next time for ${localTime} in ${zone}`);
}
