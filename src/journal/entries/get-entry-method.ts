/** JournalCollection.getEntry: one entry of the view by id, its content a page at a time, so any entry can be read. */
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import { ObjectError } from '../../objects/object-error.ts';
import { metadataFields, readMetadata } from './entry-metadata.ts';
import { entryInView } from '../views/entry-in-view.ts';
import { entryPage } from './entry-reading.ts';
import { citedEntry } from '../views/entry-citations.ts';
import type { JournalView } from '../views/journal-view.ts';
import { entryPrompt } from '../prompts/prompt-store.ts';
import { listEntryMedia, type StoredMedia } from '../media/entry-media.ts';
import { formatBytes } from '../media/media.ts';

/** A medium as getEntry lists it: kind, size, dimensions, duration, and whether its bytes are kept (no bytes). */
export const mediaSummary = (m: StoredMedia, index: number) => ({
  index,
  kind: m.kind,
  ...(m.size !== null ? { size: formatBytes(m.size) } : {}),
  ...(m.width !== null && m.height !== null ? { dimensions: `${m.width}×${m.height}` } : {}),
  ...(m.durationSeconds !== null ? { durationSeconds: m.durationSeconds } : {}),
  ...(m.fileName !== null ? { fileName: m.fileName } : {}),
  kept: m.state === 'kept',
});

const getEntryArgs = z.strictObject({
  id: z
    .number({ error: 'id is required: an entry id from getEntries or getEntriesForDay' })
    .int({ error: 'id must be a whole number' }),
  offset: z
    .number({ error: 'offset must be a whole number, 0 or more' })
    .int()
    .min(0, { error: 'offset must be 0 or more' })
    .default(0),
});

export function getEntryMethod(db: JournalDb): MethodDefinition<JournalView> {
  return methodsFor<JournalView>()({
    name: 'getEntry',
    signature: 'getEntry(id: number, offset?: number) -> JournalEntry',
    description: 'a page of content from offset; next: nextOffset; prompt: its question, if any.',
    args: getEntryArgs,
    run: async (view, args, ctx) => {
      const entry = await entryInView(db, ctx.ownerId, view, args.id);
      if (args.offset > entry.content.length) {
        throw new ObjectError(
          `offset ${args.offset} is past the end of entry ${args.id} (${entry.content.length} characters); start at 0 or a nextOffset.`,
        );
      }
      const page = entryPage(entry, args.offset);
      const carries = [{ id: entry.id, day: entry.date }];
      const cited = citedEntry(page, entry.date, view);
      if (args.offset > 0) return { value: page, carries, cited };
      // Place, weather and the starred mark an app recorded (Day One), beside the first page.
      const stored = await db
        .selectFrom('entry')
        .select('metadata')
        .where('id', '=', entry.id)
        .where('owner_id', '=', ctx.ownerId)
        .executeTakeFirst();
      // The writing prompt the entry answers, when it was a reply to one.
      const prompt = await entryPrompt(db, ctx.ownerId, entry.id);
      // Its media without their bytes: what each is, for viewMedia(id, index).
      const media = (await listEntryMedia(db, ctx.ownerId, [entry.id])).get(entry.id) ?? [];
      const listed = media.length === 0 ? {} : { media: media.map(mediaSummary) };
      const more = {
        ...(prompt === undefined ? {} : { prompt }),
        ...metadataFields(readMetadata(stored?.metadata ?? null, entry.id)),
        ...listed,
      };
      return {
        value: { ...page, ...more },
        carries,
        cited: { ...cited, value: { ...(cited.value as object), ...more } },
      };
    },
  });
}
