/**
 * Whether an exported entry's local day and time follow from its instant: the check both imports of our own exports
 * (JSON and Markdown) make after the schema, so no value no date can be, and no day that is not the instant's, is
 * stored. The export names the zone and day start it was written with; an entry with its own zone (Day One) follows
 * that zone. A journal keeps each entry's day as it was when written, so an owner who moved (JOURNAL_TIMEZONE changed)
 * or changed JOURNAL_DAY_STARTS_AT has older entries whose day follows another zone: those pass as long as their wall
 * clock is the instant moved by an offset some zone has (within ±14 hours, in quarter hours), read on the same day or,
 * before noon, counted to the day before.
 */
import { addDays, isCalendarDay } from '../journal/dates/calendar-day.ts';
import { HOUR_MS, MINUTE_MS } from '../journal/dates/durations.ts';
import { instantFromLocal, localMoment, MIDNIGHT } from '../journal/dates/local-moment.ts';
import { isTimeZone } from '../journal/dates/zone-offset.ts';

/** The zone and day start an export says its days and times were computed with. */
export interface ExportClock {
  timeZone: string;
  dayStartsAt: string;
}

/** What an entry's check reads. */
export interface DatedEntry {
  written_at: string;
  local_day: string;
  local_time: string;
  metadata?: { time_zone?: string | undefined } | null | undefined;
}

const QUARTER_HOUR = 15 * MINUTE_MS;
const WIDEST_OFFSET = 14 * HOUR_MS;

/** The header's zone and day start, or what is wrong with them (the whole import stops on it: every day depends on it). */
export function exportClockOf(timeZone: unknown, dayStartsAt: unknown): ExportClock | string {
  if (typeof timeZone !== 'string' || !isTimeZone(timeZone))
    return `time_zone ${JSON.stringify(timeZone)} is not a time zone (expected an IANA name such as "Europe/Berlin")`;
  if (dayStartsAt === undefined) return { timeZone, dayStartsAt: MIDNIGHT };
  if (typeof dayStartsAt !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(dayStartsAt))
    return `day_starts_at ${JSON.stringify(dayStartsAt)} is not a time of day (expected HH:mm)`;
  return { timeZone, dayStartsAt };
}

/** Null when the entry's day and time follow from its instant; else what is wrong, naming the values. */
export function entryDateProblem(entry: DatedEntry, clock: ExportClock | null): string | null {
  const ownZone = entry.metadata?.time_zone;
  if (ownZone !== undefined && !isTimeZone(ownZone))
    return `metadata.time_zone ${JSON.stringify(ownZone)} is not a time zone`;
  if (!isCalendarDay(entry.local_day)) return `local_day ${entry.local_day} is not a calendar day`;
  const instant = new Date(entry.written_at);
  const zone = ownZone ?? clock?.timeZone;
  const expected = zone === undefined ? null : localMoment(instant, zone, clock?.dayStartsAt ?? MIDNIGHT);
  if (expected?.day === entry.local_day && expected.time === entry.local_time) return null;
  if (someZoneGives(entry, instant)) return null;
  const there = expected ? ` (in ${zone} it is ${expected.day} ${expected.time})` : '';
  return `local_day ${entry.local_day} and local_time ${entry.local_time} do not follow from written_at ${entry.written_at}${there}`;
}

/** True when the wall clock is the instant moved by a zone's offset (read that day, or before noon counted to the day before). */
function someZoneGives(entry: DatedEntry, instant: Date): boolean {
  const minute = Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
  const days = entry.local_time < '12:00' ? [entry.local_day, addDays(entry.local_day, 1)] : [entry.local_day];
  return days.some((day) => {
    // The wall clock read as if it were UTC: its distance from the instant is the offset it was written with.
    const wall = instantFromLocal(`${day}T${entry.local_time}`, 'UTC')?.getTime();
    if (wall === undefined) return false;
    const offset = wall - minute;
    return Math.abs(offset) <= WIDEST_OFFSET && offset % QUARTER_HOUR === 0;
  });
}
