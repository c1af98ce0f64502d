/**
 * When a daily reminder is due: its local time within the owner's journal day (JOURNAL_TIMEZONE,
 * JOURNAL_DAY_STARTS_AT). A time before the day's start belongs to the night after the day's date (02:00 with days
 * starting at 04:00 is the next calendar date). A time a DST jump skips lands just after it; a repeated time is its
 * first occurrence; either way the journal day is the key of the claim, so the day gets one reminder.
 */
import { addDays } from '../journal/dates/calendar-day.ts';
import { HOUR_MS } from '../journal/dates/durations.ts';
import { instantOnDay, localDay } from '../journal/dates/local-moment.ts';

/** A reminder more than this late (the bot was down) is not sent: a nudge hours after its time is noise. */
export const REMINDER_LATE_LIMIT_MS = 3 * HOUR_MS;

/** The snooze button's pause. */
export const SNOOZE_MS = HOUR_MS;

export interface ReminderClock {
  timeZone: string;
  dayStartsAt: string;
}

/** The instant the reminder at `localTime` is due on the journal day `day`. */
export function reminderDueAt(day: string, localTime: string, clock: ReminderClock): Date {
  const calendarDay = localTime < clock.dayStartsAt ? addDays(day, 1) : day;
  return instantOnDay(calendarDay, localTime, clock.timeZone);
}

/**
 * The journal day whose reminder is due at `now`, if any: today's (a day's reminder is about that day, so a missed
 * one is never sent the next day), due by now, within the late limit, and not due before it was asked for.
 */
export function dueReminderDay(
  schedule: { localTime: string; since: string },
  now: Date,
  clock: ReminderClock,
): { day: string; due: Date } | null {
  const day = localDay(now, clock.timeZone, clock.dayStartsAt);
  const due = reminderDueAt(day, schedule.localTime, clock);
  const late = now.getTime() - due.getTime();
  if (late < 0 || late >= REMINDER_LATE_LIMIT_MS || due.getTime() < new Date(schedule.since).getTime()) return null;
  return { day, due };
}

/** The first instant after `now` a reminder at `localTime` comes due. */
export function nextReminderDue(localTime: string, now: Date, clock: ReminderClock): Date {
  const today = localDay(now, clock.timeZone, clock.dayStartsAt);
  for (const day of [addDays(today, -1), today, addDays(today, 1), addDays(today, 2)]) {
    const due = reminderDueAt(day, localTime, clock);
    if (due.getTime() > now.getTime()) return due;
  }
  throw new Error(`No next time for ${localTime} in ${clock.timeZone}`);
}
