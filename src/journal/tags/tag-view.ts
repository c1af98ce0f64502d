/** Hashtags in views: tagged(tag)'s argument, and the view it makes (the tag's SQL and words are views/'s, as every filter's). */
import { z } from 'zod';
import { normalizeTag } from './hashtags.ts';
import type { JournalView } from '../views/journal-view.ts';

/** A tag argument: `work` or `#work`, any case. */
export const tagArgument = z
  .string({ error: 'tag is required: a hashtag word, e.g. "work" or "#work"' })
  .transform((value, ctx) => {
    const tag = normalizeTag(value);
    if (tag === null) {
      ctx.addIssue({
        code: 'custom',
        message: `tag must be one hashtag word of letters, digits or _, e.g. "work" or "#work" (got "${value.slice(0, 40)}")`,
      });
      return z.NEVER;
    }
    return tag;
  });

/** This view narrowed to entries that also carry `tag` (all tags must be there); sorted, so equal views are equal. */
export function withTag(view: JournalView, tag: string): JournalView {
  return { ...view, tags: [...new Set([...(view.tags ?? []), tag])].sort() };
}
