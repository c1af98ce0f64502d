/**
 * JournalCollection.getEntriesForDay: a day's entries, each with what it carries listed (its media's kind and index,
 * for viewMedia), so a reader of a day (the MCP App, the web view, the model) has the day in one call, with no
 * getEntry per entry to learn which of them hold photos.
 */
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import { withContentCut } from './entry-reading.ts';
import { listEntryMedia } from '../media/entry-media.ts';
import { citableEntries } from '../views/entry-citations.ts';
import { findEntriesForDay } from '../views/entry-queries.ts';
import { mediaSummary } from './get-entry-method.ts';
import { dayArgument, type JournalView } from '../views/journal-view.ts';

export function entriesForDayMethod(db: JournalDb): MethodDefinition<JournalView> {
  return methodsFor<JournalView>()({
    name: 'getEntriesForDay',
    signature: 'getEntriesForDay(date: YYYY-MM-DD) -> JournalEntry[]',
    description: "that local day's entries, oldest first (no date field; media by index and kind).",
    args: z.strictObject({ date: dayArgument('date') }),
    pagingHint: 'Page through the day with getDateRangeView(date, date), then getEntries(limit, offset).',
    run: async (view, args, ctx) => {
      const found = await findEntriesForDay(db, ctx.ownerId, view, args.date);
      const media = await listEntryMedia(
        db,
        ctx.ownerId,
        found.map((e) => e.id),
      );
      // Only an entry that has media says so: a day of plain text reads as it always did.
      const entries = found.map((e) => {
        const held = media.get(e.id);
        return withContentCut(held ? { ...e, media: held.map(mediaSummary) } : e);
      });
      return {
        ...citableEntries(entries, () => args.date, view),
        carries: found.map((e) => ({ id: e.id, day: args.date })),
      };
    },
  });
}
