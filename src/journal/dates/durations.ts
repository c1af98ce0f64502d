/** Lengths of time in milliseconds, from date-fns: a day is a calendar step elsewhere in this layer, never 24 hours. */
import { millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';

export const HOUR_MS = millisecondsInHour;
export const MINUTE_MS = millisecondsInMinute;

/**
 * The Unix time (whole seconds) `afterSeconds` after `instant`, rounded up to a multiple of `stepSeconds`: an expiry
 * that stays the same for a whole step, so an address carrying it stays the same (and a cache can answer it).
 */
export function unixSecondsRoundedUp(instant: Date, afterSeconds: number, stepSeconds: number): number {
  return Math.ceil((instant.getTime() / 1000 + afterSeconds) / stepSeconds) * stepSeconds;
}
