/**
 * A zone's offset from UTC at an instant, read from the tz database through @date-fns/tz, cached per UTC hour.
 *
 * Why a cache: the importer asks for the local day of every message, and `tzOffset` costs ~2 µs (one Intl format),
 * TZDate 5–15 µs; the offset rarely changes within an hour, so one lookup (two at the hour's ends) serves every
 * message written in that hour. An hour during which the offset changes is marked and asked per instant.
 *
 * Why a correction: `tzOffset` parses "GMT-00:44:30" (Africa/Monrovia until 1972) as +44.5 minutes, because
 * `-00` is a negative zero hours count and its sign is lost (open upstream: date-fns/date-fns#4279 and #4314; TZDate
 * inherits it, so this layer builds TZDates in UTC only). Offsets under an hour are read again from the `longOffset`
 * zone name, whose sign is explicit (Intl directly: `tzName`'s types do not offer that format). Drop the correction
 * once a fixed @date-fns/tz is installed: test/journal/dates/odd-zones.test.ts still pins Monrovia either way.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
import { millisecondsInHour, millisecondsInMinute, millisecondsInSecond } from 'date-fns/constants';

/** The zone's offset from UTC (ms, east positive) at an instant, exactly as the tz database has it. */
export function zoneOffset(instantMs: number, timeZone: string): number {
  const at = new Date(Math.floor(instantMs / millisecondsInSecond) * millisecondsInSecond);
  const minutes = tzOffset(timeZone, at);
  if (Number.isNaN(minutes)) throw new RangeError(`Not a time zone: ${timeZone}`);
  const ms = Math.round(minutes * millisecondsInMinute);
  if (Math.abs(ms) < millisecondsInHour && ms !== 0 && offsetName(timeZone, at).includes('GMT-')) return -Math.abs(ms);
  return ms;
}

const offsetNames = new Map<string, Intl.DateTimeFormat>();

/** `5/31/1971, GMT-00:44:30` */
function offsetName(timeZone: string, at: Date): string {
  let format = offsetNames.get(timeZone);
  if (!format)
    offsetNames.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  return format.format(at);
}

const CACHE_HOURS_PER_ZONE = 50_000;
const offsetsByZone = new Map<string, Map<number, number | null>>();

/** The zone's offset (ms) at an instant, through the per-hour cache. */
export function cachedZoneOffset(instantMs: number, timeZone: string): number {
  return hourOffset(Math.floor(instantMs / millisecondsInHour), timeZone) ?? zoneOffset(instantMs, timeZone);
}

/** The offset throughout one UTC hour, or null if it changes within that hour. */
function hourOffset(hour: number, timeZone: string): number | null {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map()));
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = zoneOffset(hour * millisecondsInHour, timeZone);
    const end = zoneOffset((hour + 1) * millisecondsInHour - millisecondsInSecond, timeZone);
    offset = start === end ? start : null;
    if (offsets.size >= CACHE_HOURS_PER_ZONE) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** True when `timeZone` names a zone the platform's tz database knows (e.g. Europe/Berlin, UTC). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false; // Intl throws RangeError for an unknown zone
  }
}

/** The zone this process runs in: the default when JOURNAL_TIMEZONE is not set. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
