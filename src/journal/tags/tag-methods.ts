/** The JournalCollection methods on hashtags: getTags() and tagged(tag). */
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import type { JournalView } from '../views/journal-view.ts';
import { countTags, MAX_TAGS_LISTED } from './tag-queries.ts';
import { tagArgument, withTag } from './tag-view.ts';

/** A list of tags' `limit` (getTags, getMoodByTag). */
export const tagLimitArgs = z.strictObject({
  limit: z
    .number({ error: `limit must be a whole number from 1 to ${MAX_TAGS_LISTED}` })
    .int()
    .min(1, { error: 'limit must be at least 1' })
    .max(MAX_TAGS_LISTED, { error: `limit must be at most ${MAX_TAGS_LISTED}` })
    .default(50),
});

const method = methodsFor<JournalView>();

export function tagMethods(db: JournalDb, collectionKind: string): MethodDefinition<JournalView>[] {
  return [
    method({
      name: 'getTags',
      signature: `getTags(limit?: 1..${MAX_TAGS_LISTED} = 50) -> {tags: {tag, entries}[], distinctTags}`,
      description: "the view's #hashtags (lower case, no '#'), most used first.",
      args: tagLimitArgs,
      run: async (view, args, ctx) => {
        const { tags, distinct } = await countTags(db, ctx.ownerId, view, args.limit);
        const note =
          distinct > tags.length
            ? { note: `Showing the ${tags.length} most used of ${distinct} tags; narrow the view or raise limit.` }
            : {};
        return { value: { tags, distinctTags: distinct, ...note } };
      },
    }),
    method({
      name: 'tagged',
      signature: 'tagged(tag: string) -> JournalCollection',
      description: 'a new handle on these entries tagged #tag (with or without #, any case).',
      args: z.strictObject({ tag: tagArgument }),
      run: async (view, args) => ({ object: { kind: collectionKind, state: withTag(view, args.tag) } }),
    }),
  ];
}
