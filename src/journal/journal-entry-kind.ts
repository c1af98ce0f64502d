/** The JournalEntry kind: what one entry in a JournalEntry[] result holds. Entries travel as values, not handles. */
import { z } from 'zod';
import { defineKind } from '../objects/kind.ts';

export const JOURNAL_ENTRY_KIND = 'so.idyllic.prototype#JournalEntry';

export const journalEntryKind = defineKind<{ id: number }>({
  kind: JOURNAL_ENTRY_KIND,
  description: 'One journal entry, as returned inside JournalEntry[] by JournalCollection methods.',
  interpretation: 'The owner wrote it at that local date and time; content is their own words, title its first line.',
  fields: [
    { name: 'id', type: 'number', description: 'stable entry id' },
    { name: 'date', type: 'YYYY-MM-DD', description: 'local day written (left out by getEntriesForDay)' },
    { name: 'time', type: 'HH:mm', description: 'local time written' },
    { name: 'title', type: 'string', description: 'first line' },
    { name: 'content', type: 'string', description: 'full text, title included' },
  ],
  methods: [],
  state: z.strictObject({ id: z.number().int() }),
  describeInstance: async ({ id }) => `Journal entry ${id}`,
});
