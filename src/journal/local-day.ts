/** The only time-zone code: a UTC instant → the owner's calendar day and wall-clock time. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

export interface LocalMoment {
  /** `YYYY-MM-DD` in the zone. */
  day: string;
  /** `HH:mm` in the zone. */
  time: string;
}

export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const local = new TZDate(instant.getTime(), timeZone);
  return { day: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/** Reads a zone-less wall-clock time (`2024-04-01T09:30:00`) as a moment in `timeZone`. */
export function instantFromLocal(wallClock: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wallClock.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const local = new TZDate(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), timeZone);
  return Number.isNaN(local.getTime()) ? null : new Date(local.getTime());
}
