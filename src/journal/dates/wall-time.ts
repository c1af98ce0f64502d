/**
 * Times of day typed by people (`8:05` for /digest or /remind, JOURNAL_DAY_STARTS_AT): the one parser of them,
 * validated with date-fns `parse`, written `HH:mm`.
 */
import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';

const H_MM = /^\d{1,2}:\d{2}$/;

/** `8:05` or `08:05` as `08:05`; null for anything that is not a time of day. */
export function parseTimeOfDay(text: string): string | null {
  const trimmed = text.trim();
  if (!H_MM.test(trimmed)) return null;
  const at = parse(trimmed, 'H:mm', new Date(2000, 0, 1));
  return isValid(at) ? format(at, 'HH:mm') : null;
}
