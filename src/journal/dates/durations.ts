/** Lengths of time in milliseconds, from date-fns: a day is a calendar step elsewhere in this layer, never 24 hours. */
import { millisecondsInHour } from 'date-fns/constants';

export const HOUR_MS = millisecondsInHour;
