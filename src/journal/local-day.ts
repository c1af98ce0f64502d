/** The only time-zone code: a UTC instant → the owner's calendar day and wall-clock time. */
import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';

export interface LocalMoment {
  /** `YYYY-MM-DD` in the zone. */
  day: string;
  /** `HH:mm` in the zone. */
  time: string;
}

/** The default JOURNAL_DAY_STARTS_AT: a journal day is the calendar day. */
export const MIDNIGHT = '00:00';

/**
 * The journal day and wall-clock time of an instant. With `dayStartsAt` (HH:mm, JOURNAL_DAY_STARTS_AT) after
 * midnight, a moment before it belongs to the previous day: night writers' 01:30 notes count to the evening before.
 */
export function localMoment(instant: Date, timeZone: string, dayStartsAt: string = MIDNIGHT): LocalMoment {
  const wall = wallClock(instant, timeZone);
  return wall.time < dayStartsAt ? { day: previousDay(wall.day), time: wall.time } : wall;
}

function wallClock(instant: Date, timeZone: string): LocalMoment {
  const offset = hourOffset(Math.floor(instant.getTime() / HOUR), timeZone);
  if (offset === null) {
    const local = new TZDate(instant.getTime(), timeZone);
    return { day: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
  }
  const wallClock = new Date(instant.getTime() + offset).toISOString();
  return { day: wallClock.slice(0, 10), time: wallClock.slice(11, 16) };
}

/** `2024-03-01` → `2024-02-29`: calendar arithmetic on the day itself, no zone involved. */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

const HOUR = 3_600_000;
const offsetsByZone = new Map<string, Map<number, number | null>>();

/**
 * The zone's offset (ms) throughout one UTC hour, or null if it changes within that hour.
 * Cached: Intl lookups dominate the cost of importing a large export otherwise.
 */
function hourOffset(hour: number, timeZone: string): number | null {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map()));
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = tzOffset(timeZone, new Date(hour * HOUR));
    const end = tzOffset(timeZone, new Date(hour * HOUR + HOUR - 1));
    offset = start === end && Number.isFinite(start) ? start * 60_000 : null;
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** Reads a zone-less wall-clock time (`2024-04-01T09:30:00`) as a moment in `timeZone`. */
export function instantFromLocal(wallClock: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wallClock.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const local = new TZDate(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), timeZone);
  return Number.isNaN(local.getTime()) ? null : new Date(local.getTime());
}
