/** Instants written for people and file names, in UTC (or a zone given): through date-fns `format`. */
import { TZDate } from '@date-fns/tz/date';
import { format } from 'date-fns/format';
import { cachedZoneOffset } from './zone-offset.ts';

/** The instant as a date-fns date read in UTC (never in another zone: see zone-offset.ts on TZDate's offsets). */
const inUtc = (instant: Date) => new TZDate(instant.getTime(), 'UTC');

/**
 * Whether an ISO instant in UTC (`2024-04-01T09:30:00.000Z`) names a real time: `2024-13-45T99:00:00Z` has the form,
 * but Date refuses it or rolls it over, so it does not read back as itself.
 */
export function isRealUtcInstant(text: string): boolean {
  const ms = Date.parse(text);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 19) === text.slice(0, 19);
}

/** `2024-04-01` in UTC: a file name's date (exports), the same wherever the command runs. */
export function utcDay(instant: Date): string {
  return format(inUtc(instant), 'yyyy-MM-dd');
}

/** `2024` in UTC. */
export function utcYear(instant: Date): string {
  return format(inUtc(instant), 'yyyy');
}

/** `20240401-093000` in UTC: a backup file's stamp, sorting by time. */
export function utcFileStamp(instant: Date): string {
  return format(inUtc(instant), 'yyyyMMdd-HHmmss');
}

/** `2024-04-01 09:30` in UTC (add " UTC" where the reader needs telling). */
export function utcMinute(instant: Date): string {
  return format(inUtc(instant), 'yyyy-MM-dd HH:mm');
}

/** `2024-04-01T09:30:00` on the clocks of `timeZone`, no offset: how Telegram exports write `date`. */
export function zonelessWallClock(instant: Date, timeZone: string): string {
  // The wall clock read in UTC after moving by the zone's offset: TZDate itself misreads offsets like −0:44:30.
  return format(
    inUtc(new Date(instant.getTime() + cachedZoneOffset(instant.getTime(), timeZone))),
    "yyyy-MM-dd'T'HH:mm:ss",
  );
}
