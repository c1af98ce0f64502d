/**
 * A UTC instant → the owner's journal day and wall-clock time (JOURNAL_TIMEZONE, JOURNAL_DAY_STARTS_AT), and a
 * zone-less wall-clock time → the instant. The offsets come from @date-fns/tz (zone-offset.ts, cached per hour).
 *
 * Why not `format(new TZDate(ms, zone), …)` per instant: it costs ~14 µs, and the importer asks for every message
 * (BENCHMARKS.md's import aim). Knowing the offset, the wall clock is the instant moved by it and read in UTC
 * (0.6 µs); the tests compare every path with Intl.DateTimeFormat over random instants from 1900 to 2100.
 */
import { TZDateMini as TZDate } from '@date-fns/tz/date/mini';
import { millisecondsInDay } from 'date-fns/constants';
import { fromUnixTime } from 'date-fns/fromUnixTime';
import { isValid } from 'date-fns/isValid';
import { cachedZoneOffset, zoneOffset } from './zone-offset.ts';

export interface LocalMoment {
  /** `YYYY-MM-DD` in the zone. */
  day: string;
  /** `HH:mm` in the zone. */
  time: string;
}

/** The default JOURNAL_DAY_STARTS_AT: a journal day is the calendar day. */
export const MIDNIGHT = '00:00';

/** Wall-clock fields read as if in UTC: the instant plus the zone's offset, read back as `YYYY-MM-DDTHH:mm`. */
const wallText = (wallMs: number) => new Date(wallMs).toISOString();

/**
 * The journal day and wall-clock time of an instant. With `dayStartsAt` (HH:mm, JOURNAL_DAY_STARTS_AT) after
 * midnight, a moment before it belongs to the previous day: night writers' 01:30 notes count to the evening before.
 */
export function localMoment(instant: Date, timeZone: string, dayStartsAt: string = MIDNIGHT): LocalMoment {
  const wallMs = instant.getTime() + cachedZoneOffset(instant.getTime(), timeZone);
  const wall = wallText(wallMs);
  const time = wall.slice(11, 16);
  // The previous calendar day of the wall clock (not of the instant): a DST change that night changes nothing.
  const day = time < dayStartsAt ? wallText(wallMs - millisecondsInDay).slice(0, 10) : wall.slice(0, 10);
  return { day, time };
}

/** Unix seconds (Telegram's `date`) as an instant. */
export function fromUnixSeconds(seconds: number): Date {
  return fromUnixTime(seconds);
}

/** The owner's journal day now (or at any instant). */
export function localDay(instant: Date, timeZone: string, dayStartsAt: string = MIDNIGHT): string {
  return localMoment(instant, timeZone, dayStartsAt).day;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A zone-less wall-clock time's fields read as UTC (ms), or null unless it is a real calendar time. A UTC Date, not a
 * TZDate: the importer reads every message of an old export (no `date_unixtime`) here, and a TZDate costs 10–30 µs.
 */
function wallClockAsUtc(wallClock: string): number | null {
  const m = WALL_CLOCK.exec(wallClock.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: that one reads years 0–99 as 1900–1999.
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  // 2024-02-30 rolls over to March 1: a day that does not exist is not a time.
  if (!isValid(date) || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  return date.getTime();
}

/**
 * Reads a zone-less wall-clock time (`2024-04-01T09:30:00`, `2024-04-01 09:30`) as a moment in `timeZone`; null
 * unless it is a real calendar time (2024-02-30 and 25:00 are not). A time skipped by a clock change reads with the
 * offset before the change; a repeated time is its first occurrence.
 */
export function instantFromLocal(wallClock: string, timeZone: string): Date | null {
  const asUtc = wallClockAsUtc(wallClock);
  if (asUtc === null) return null;
  // The offsets in force a day either side bound every candidate; keep the earliest that reads back as this wall clock.
  const before = zoneOffset(asUtc - millisecondsInDay, timeZone);
  const candidates = [
    ...new Set([before, zoneOffset(asUtc, timeZone), zoneOffset(asUtc + millisecondsInDay, timeZone)]),
  ]
    .map((offset) => asUtc - offset)
    .sort((a, b) => a - b);
  const exact = candidates.find((t) => t + zoneOffset(t, timeZone) === asUtc);
  return new Date(exact ?? asUtc - before);
}

/** The instant `localTime` (HH:mm) happens on `day` (YYYY-MM-DD) in `timeZone`; throws if either is not one. */
export function instantOnDay(day: string, localTime: string, timeZone: string): Date {
  const at = instantFromLocal(`${day}T${localTime}`, timeZone);
  if (!at) throw new RangeError(`Not a local time: ${day} ${localTime}`);
  return at;
}

/**
 * A day every export can write and every importer read back: `YYYY-MM-DD` with a year of four digits, 0001 to 9999
 * (a local day past 9999-12-31 would be `+010000-01-01`, before year 1 `-000001-…`).
 */
export function isWritableDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= '0001-01-01';
}

/**
 * Entries are dated from 1970 to 9999: true when the instant (UTC) and its local day in the entry's zone both fall
 * in those years. The one rule of every importer: an instant it fails is skipped and named as damage.
 */
export function inEntryYears(at: Date, timeZone: string): boolean {
  const ms = at.getTime();
  if (!(Number.isFinite(ms) && ms >= FIRST_MS && ms <= LAST_MS)) return false;
  // No zone is a day or more off UTC: only the first and last two days need the zone (a local-day lookup per
  // message was a tenth of parsing).
  if (ms >= FIRST_MS + 2 * millisecondsInDay && ms <= LAST_MS - 2 * millisecondsInDay) return true;
  const year = localDay(at, timeZone).slice(0, 4);
  return /^\d{4}$/.test(year) && year >= '1970';
}

const FIRST_MS = 0;
/** 9999-12-31T23:59:59Z */
const LAST_MS = new TZDate(9999, 11, 31, 23, 59, 59, 'UTC').getTime();
