/**
 * JournalCollection.getEntryContext: an entry of the view with the entries written just before and after it. An answer
 * often sits in the entry next to a search hit (the question's words in one message, the answer in the next), and the
 * neighbours seldom match the view's own filter, so they come from the whole journal (or the view's journal, or the
 * entry's own when asked). Each entry travels as getEntries sends it: a citable passage with the same source and title.
 */
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import { withContentCut } from './entry-reading.ts';
import { citableEntries } from '../views/entry-citations.ts';
import { entryAnchor, neighbours } from '../views/entry-neighbours.ts';
import { entryInView } from '../views/entry-in-view.ts';
import type { JournalView } from '../views/journal-view.ts';

/** The most neighbours on each side: a hit's context, not a way to page (getEntries pages). */
export const MAX_CONTEXT = 10;

const side = (name: string) =>
  z
    .number({ error: `${name} must be a whole number from 0 to ${MAX_CONTEXT}` })
    .int({ error: `${name} must be a whole number from 0 to ${MAX_CONTEXT}` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(MAX_CONTEXT, { error: `${name} must be at most ${MAX_CONTEXT}; page with getEntries for more` })
    .default(2);

const contextArgs = z.strictObject({
  id: z
    .number({ error: 'id is required: an entry id from getEntries, getEntriesForDay or getEntry' })
    .int({ error: 'id must be a whole number' }),
  before: side('before'),
  after: side('after'),
  sameJournal: z.boolean({ error: 'sameJournal must be true or false' }).default(false),
});

export function entryContextMethod(db: JournalDb): MethodDefinition<JournalView> {
  return methodsFor<JournalView>()({
    name: 'getEntryContext',
    signature: 'getEntryContext(id: number, before?: 0..10, after?: 0..10, sameJournal?: boolean) -> JournalEntry[]',
    description: 'that entry (position 0) and its neighbours in time, 2 each way by default.',
    args: contextArgs,
    run: async (view, args, ctx) => {
      const self = await entryInView(db, ctx.ownerId, view, args.id);
      const anchor = (await entryAnchor(db, ctx.ownerId, args.id))!;
      // A view of one journal keeps to it; otherwise every journal's entries, unless the entry's own is asked for.
      const journal = view.journal ?? (args.sameJournal ? anchor.journal : undefined);
      const [earlier, later] = await Promise.all([
        neighbours(db, ctx.ownerId, anchor, { side: 'before', count: args.before, journal }),
        neighbours(db, ctx.ownerId, anchor, { side: 'after', count: args.after, journal }),
      ]);
      const entries = [
        ...earlier.reverse().map((e, i) => ({ ...e, position: i - earlier.length })),
        { ...self, position: 0 },
        ...later.map((e, i) => ({ ...e, position: i + 1 })),
      ].map(withContentCut);
      return {
        ...citableEntries(entries, (e) => e.date, view),
        carries: entries.map((e) => ({ id: e.id, day: e.date })),
      };
    },
  });
}
