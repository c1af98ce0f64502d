/**
 * /onthisday as one rich message: the same heading as the plain message (on-this-day-text.ts), a table of the years,
 * a collage of their photos, and each day's entries as an expandable block, newest year first.
 */
import type { InputRichBlock, InputRichMessage } from 'grammy/types';
import type { OnThisDay } from '../journal/memories.ts';
import type { JournalEntryValue } from '../journal/views/entry-queries.ts';
import { onThisDayText, entryText, plural, yearHeading } from './on-this-day-text.ts';
import { cell, collageOf } from './rich-text.ts';

export function richOnThisDay(found: OnThisDay, photos: readonly string[]): InputRichMessage {
  const days = new Map<string, JournalEntryValue[]>();
  for (const entry of found.entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  // The plain message's first line: the count and the day asked about.
  const head = onThisDayText(found).split('\n')[0]!;
  const table: InputRichBlock = {
    type: 'table',
    cells: [
      [cell('Day', true), cell('Entries', true)],
      ...[...days].map(([day, entries]) => [cell(yearHeading(day, found.date)), cell(String(entries.length))]),
    ],
    is_striped: true,
  };
  const dayBlocks: InputRichBlock[] = [...days].map(([day, entries]) => ({
    type: 'details',
    summary: `${yearHeading(day, found.date)} · ${plural(entries.length, 'entry', 'entries')}`,
    blocks: entries.map((e) => ({ type: 'paragraph', text: entryText(e.time, e.content) })),
  }));
  const rest = found.total - found.entries.length;
  return {
    blocks: [
      { type: 'paragraph', text: head },
      table,
      ...collageOf(photos, 'Photos of this day'),
      ...dayBlocks,
      ...(rest > 0
        ? [
            {
              type: 'footer' as const,
              text: `…and ${plural(rest, 'more entry', 'more entries')} (search the day with @journal to read them).`,
            },
          ]
        : []),
    ],
  };
}
