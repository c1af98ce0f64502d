/** Instants written for people and file names, in UTC (or a zone given): through date-fns `format`. */
import { TZDate } from '@date-fns/tz/date';
import { format } from 'date-fns/format';
import { cachedZoneOffset } from './zone-offset.ts';

const inZone = (instant: Date, timeZone: string) => new TZDate(instant.getTime(), timeZone);

/** `2024-04-01` in UTC: a file name's date (exports), the same wherever the command runs. */
export function utcDay(instant: Date): string {
  return format(inZone(instant, 'UTC'), 'yyyy-MM-dd');
}

/** `2024` in UTC. */
export function utcYear(instant: Date): string {
  return format(inZone(instant, 'UTC'), 'yyyy');
}

/** `20240401-093000` in UTC: a backup file's stamp, sorting by time. */
export function utcFileStamp(instant: Date): string {
  return format(inZone(instant, 'UTC'), 'yyyyMMdd-HHmmss');
}

/** `2024-04-01 09:30` in UTC (add " UTC" where the reader needs telling). */
export function utcMinute(instant: Date): string {
  return format(inZone(instant, 'UTC'), 'yyyy-MM-dd HH:mm');
}

/** `2024-04-01T09:30:00` on the clocks of `timeZone`, no offset: how Telegram exports write `date`. */
export function zonelessWallClock(instant: Date, timeZone: string): string {
  // The wall clock read in UTC after moving by the zone's offset: TZDate itself misreads offsets like −0:44:30.
  return format(inZone(new Date(instant.getTime() + cachedZoneOffset(instant.getTime(), timeZone)), 'UTC'), "yyyy-MM-dd'T'HH:mm:ss");
}
