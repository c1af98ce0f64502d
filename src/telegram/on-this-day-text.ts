/** On-this-day entries as one plain-text Telegram message: newest year first, cut to fit, with a count of the rest. */
import { monthDayOf, yearOf } from '../journal/dates/calendar-day.ts';
import type { OnThisDay } from '../journal/memories.ts';
import { TELEGRAM_TEXT_LIMIT } from './reply.ts';

/** One entry's share of the message, so a single long entry leaves room for other years. */
const ENTRY_CHARS = 700;

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A day's heading: the date and how many years back it is. */
export function yearHeading(day: string, asked: string): string {
  const back = yearOf(asked) - yearOf(day);
  const when =
    back === 0 ? 'this year' : back === 1 ? '1 year ago' : back > 0 ? `${back} years ago` : `${-back} years ahead`;
  return `${day} · ${when}`;
}

/** One entry as a line: its time and text, cut to its share. */
export function entryText(time: string, content: string): string {
  const text = content.trim();
  return `${time} ${text.length > ENTRY_CHARS ? `${text.slice(0, ENTRY_CHARS - 1)}…` : text}`;
}

/** The message; `limit` leaves room for anything the caller adds after it. */
export function onThisDayText(found: OnThisDay, limit = TELEGRAM_TEXT_LIMIT): string {
  const monthDay = monthDayOf(found.date);
  if (found.total === 0) return `Nothing written on ${monthDay} (MM-DD) in any year yet.`;
  const years = new Set(found.entries.map((e) => yearOf(e.date))).size;
  const head = `On this day, ${monthDay} (MM-DD): ${plural(found.total, 'entry', 'entries')}${found.total === found.entries.length ? ` from ${plural(years, 'year', 'years')}` : ''}.`;
  const rest = (n: number) =>
    `\n\n…and ${plural(n, 'more entry', 'more entries')} (search the day with @journal to read them).`;
  let text = head;
  let lastDay = '';
  let shown = 0;
  for (const entry of found.entries) {
    const block = `${entry.date !== lastDay ? `\n\n${yearHeading(entry.date, found.date)}` : ''}\n${entryText(entry.time, entry.content)}`;
    const left = found.total - shown - 1;
    if (text.length + block.length + (left > 0 ? rest(left).length : 0) > limit) break;
    text += block;
    lastDay = entry.date;
    shown += 1;
  }
  return shown < found.total ? text + rest(found.total - shown) : text;
}
