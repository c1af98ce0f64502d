/** The JournalEntry kind: what one entry in a JournalEntry[] result holds. Entries travel as values, not handles. */
import { z } from 'zod';
import { defineKind, type DataField } from '../../objects/kind.ts';

export const JOURNAL_ENTRY_KIND = 'so.idyllic.prototype#JournalEntry';

/** The fields of one entry, as a collection's methods return them; a collection's data is its entries. */
export const JOURNAL_ENTRY_FIELDS: DataField[] = [
  { name: 'id', type: 'number', description: 'stable entry id' },
  { name: 'date', type: 'YYYY-MM-DD', description: 'local day written' },
  { name: 'time', type: 'HH:mm', description: 'local time written' },
  { name: 'title', type: 'string', description: 'first line' },
  {
    name: 'content',
    type: 'string',
    description: 'full text, title included; cited as journal://entry/ID',
  },
];

export const journalEntryKind = defineKind<{ id: number }>({
  kind: JOURNAL_ENTRY_KIND,
  description: 'One journal entry, as returned inside JournalEntry[] by JournalCollection methods.',
  interpretation: 'The owner wrote it at that local date and time; content is their own words, title its first line.',
  fields: JOURNAL_ENTRY_FIELDS,
  methods: [],
  state: z.strictObject({ id: z.number().int() }),
  describeInstance: async ({ id }) => `Journal entry ${id}`,
});
