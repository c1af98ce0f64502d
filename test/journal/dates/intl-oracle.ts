// The tests' independent answer: Intl.DateTimeFormat formatting each instant on its own (no cache, no date-fns), and
// plain Date.UTC arithmetic for calendar days. Only tests use it; the app goes through src/journal/dates/.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

export interface Wall {
  day: string;
  time: string;
  /** The zone's offset from UTC at that instant (ms, east positive). */
  offsetMs: number;
}

/** What the clocks of `zone` showed at `ms` (whole seconds). */
export function wallAt(ms: number, zone: string): Wall {
  const at = Math.floor(ms / 1000) * 1000;
  const p = Object.fromEntries(
    formatFor(zone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  const year = p.era === 'BC' ? 1 - Number(p.year) : Number(p.year);
  const d = new Date(0);
  d.setUTCFullYear(year, Number(p.month) - 1, Number(p.day));
  d.setUTCHours(Number(p.hour), Number(p.minute), Number(p.second), 0);
  return {
    day: `${String(year).padStart(4, '0')}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    offsetMs: d.getTime() - at,
  };
}

/** A calendar day moved by whole days, by Date.UTC. */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d + days);
  return `${String(t.getUTCFullYear()).padStart(4, '0')}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
}

/** The journal day of an instant: the wall-clock day, or the day before when the time is before `dayStartsAt`. */
export function journalDayAt(ms: number, zone: string, dayStartsAt = '00:00'): { day: string; time: string } {
  const wall = wallAt(ms, zone);
  return { day: wall.time < dayStartsAt ? shiftDay(wall.day, -1) : wall.day, time: wall.time };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every instant (whole minute) from `fromYear` through `toYear` at which `zone`'s offset changes. */
export function transitions(zone: string, fromYear: number, toYear: number): number[] {
  const found: number[] = [];
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  let before = wallAt(start, zone).offsetMs;
  // Offsets here change at most once a day (every zone's rules so far); a change is then narrowed to the minute.
  for (let t = start + DAY; t <= end; t += DAY) {
    const now = wallAt(t, zone).offsetMs;
    if (now === before) continue;
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (wallAt(mid, zone).offsetMs === before) lo = mid;
      else hi = mid;
    }
    found.push(hi);
    before = now;
  }
  return found;
}
