/** Lengths of time in milliseconds, from date-fns: a day is a calendar step elsewhere in this layer, never 24 of these. */
import { millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';

export const MINUTE_MS = millisecondsInMinute;
export const HOUR_MS = millisecondsInHour;
