/**
 * A review (/review week|month) as one rich message: the model's answer, a table of the period's days, a collage of
 * its photos, each day written as an expandable block of its entries, and the "From:" line's links to cited entries.
 */
import type { FormattedString } from '@grammyjs/parse-mode';
import type { InputRichBlock, InputRichMessage } from 'grammy/types';
import { eachDay, weekdayName } from '../journal/dates/calendar-day.ts';
import type { JournalEntryValue } from '../journal/views/entry-queries.ts';
import type { ReviewRange } from '../journal/review-range.ts';
import { entryText, plural } from './on-this-day-text.ts';
import { cell, collageOf, paragraphsOf } from './rich-text.ts';

export interface ReviewMaterial {
  range: ReviewRange;
  /** The period's entries (any order). */
  entries: readonly JournalEntryValue[];
  /** Telegram file ids of their photos. */
  photos: readonly string[];
}

const wordsIn = (entries: readonly JournalEntryValue[]) =>
  entries.reduce((n, e) => n + (e.content.match(/\S+/g)?.length ?? 0), 0);

function byDay(entries: readonly JournalEntryValue[]): Map<string, JournalEntryValue[]> {
  const days = new Map<string, JournalEntryValue[]>();
  const inOrder = [...entries].sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
  for (const entry of inOrder) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return days;
}

export function richReview(
  material: ReviewMaterial,
  answer: readonly FormattedString[],
  fromLine: readonly FormattedString[],
): InputRichMessage {
  const days = byDay(material.entries);
  const rows = eachDay(material.range.startDate, material.range.endDate).map((day) => {
    const entries = days.get(day) ?? [];
    return [
      cell(`${weekdayName(day).slice(0, 3)} ${day}`),
      cell(String(entries.length)),
      cell(String(wordsIn(entries))),
    ];
  });
  const table: InputRichBlock = {
    type: 'table',
    cells: [[cell('Day', true), cell('Entries', true), cell('Words', true)], ...rows],
    is_striped: true,
    caption: `Days written from ${material.range.startDate} to ${material.range.endDate}`,
  };
  const dayBlocks: InputRichBlock[] = [...days].map(([day, entries]) => ({
    type: 'details',
    summary: `${weekdayName(day)} ${day} · ${plural(entries.length, 'entry', 'entries')}`,
    blocks: entries.map((e) => ({ type: 'paragraph', text: entryText(e.time, e.content) })),
  }));
  return {
    blocks: [
      ...paragraphsOf(answer),
      table,
      ...collageOf(material.photos, `Photos of ${material.range.label}`),
      ...dayBlocks,
      ...paragraphsOf(fromLine),
    ],
  };
}
