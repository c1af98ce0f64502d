/**
 * The only time-zone code: a UTC instant → the owner's calendar day and wall-clock time, and back.
 * Everything is computed from Intl.DateTimeFormat (the platform's tz database), which gets historical offsets with
 * sub-hour and second parts right (Africa/Monrovia in 1971 was −0:44:30; a sign slip there once read it as +44.5).
 */

export interface LocalMoment {
  /** `YYYY-MM-DD` in the zone. */
  day: string;
  /** `HH:mm` in the zone. */
  time: string;
}

const HOUR = 3_600_000;

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC (ms) at a whole-second instant, exactly as Intl reads the tz database. */
export function zoneOffset(instantMs: number, timeZone: string): number {
  const at = Math.floor(instantMs / 1000) * 1000;
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(at)) parts[p.type] = p.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = new Date(0);
  wall.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return wall.getTime() - at;
}

/** The default JOURNAL_DAY_STARTS_AT: a journal day is the calendar day. */
export const MIDNIGHT = '00:00';

/**
 * The journal day and wall-clock time of an instant. With `dayStartsAt` (HH:mm, JOURNAL_DAY_STARTS_AT) after
 * midnight, a moment before it belongs to the previous day: night writers' 01:30 notes count to the evening before.
 */
export function localMoment(instant: Date, timeZone: string, dayStartsAt: string = MIDNIGHT): LocalMoment {
  const wall = wallClock(instant, timeZone);
  return wall.time < dayStartsAt ? { day: addDays(wall.day, -1), time: wall.time } : wall;
}

/** The calendar day and time on the zone's clocks. */
function wallClock(instant: Date, timeZone: string): LocalMoment {
  const ms = instant.getTime();
  const offset = hourOffset(Math.floor(ms / HOUR), timeZone) ?? zoneOffset(ms, timeZone);
  const wall = new Date(ms + offset).toISOString();
  return { day: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** `day` moved by whole days (`2024-03-01`, -1 → `2024-02-29`): calendar arithmetic on the day itself, no zone involved. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const offsetsByZone = new Map<string, Map<number, number | null>>();

/**
 * The zone's offset (ms) throughout one UTC hour, or null if it changes within that hour (then each instant asks
 * Intl itself). Cached: Intl lookups dominate the cost of importing a large export otherwise.
 */
function hourOffset(hour: number, timeZone: string): number | null {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map()));
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = zoneOffset(hour * HOUR, timeZone);
    const end = zoneOffset(hour * HOUR + HOUR - 1000, timeZone);
    offset = start === end ? start : null;
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/**
 * Reads a zone-less wall-clock time (`2024-04-01T09:30:00`) as a moment in `timeZone`. A time skipped by a
 * clock change reads with the offset before the change; a repeated time is its first occurrence.
 */
export function instantFromLocal(wallClock: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wallClock.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(asUtc)) return null;
  // The offsets in force a day either side bound every candidate; keep the earliest that reads back as this wall clock.
  const candidates = [...new Set([zoneOffset(asUtc - 86_400_000, timeZone), zoneOffset(asUtc, timeZone), zoneOffset(asUtc + 86_400_000, timeZone)])]
    .map((offset) => asUtc - offset)
    .sort((a, b) => a - b);
  const exact = candidates.find((t) => t + zoneOffset(t, timeZone) === asUtc);
  return new Date(exact ?? asUtc - zoneOffset(asUtc - 86_400_000, timeZone));
}
