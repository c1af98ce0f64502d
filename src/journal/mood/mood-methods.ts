/** The JournalCollection methods on mood: getMoodByDay(), getAverageMood() and getMoodByTag(). */
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import type { JournalView } from '../views/journal-view.ts';
import { averageMood, moodByDay, moodByTag } from './mood-queries.ts';
import { MAX_TAGS_LISTED } from '../tags/tag-queries.ts';
import { tagLimitArgs } from '../tags/tag-methods.ts';

const method = methodsFor<JournalView>();

/** Days a getMoodByDay value lists before it says how to narrow (about ten years of daily moods fit the result cap). */
export const MOOD_DAYS_LISTED = 400;

const SCALE = '1-5';

export function moodMethods(db: JournalDb): MethodDefinition<JournalView>[] {
  return [
    method({
      name: 'getMoodByDay',
      signature: 'getMoodByDay() -> {date, mood}[]',
      description: `days with a mood ${SCALE}, oldest first.`,
      args: z.strictObject({}),
      pagingHint: 'Narrow with getDateRangeView to see the rest of the days.',
      run: async (view, _args, ctx) => {
        const days = await moodByDay(db, ctx.ownerId, view);
        if (days.length <= MOOD_DAYS_LISTED) return { value: days };
        const shown = days.slice(-MOOD_DAYS_LISTED);
        return {
          value: {
            days: shown,
            note: `Showing the last ${shown.length} of ${days.length} days with a mood; narrow with getDateRangeView for earlier ones.`,
          },
        };
      },
    }),
    method({
      name: 'getAverageMood',
      signature: 'getAverageMood() -> number | null',
      description: 'mean mood of those days, or null.',
      args: z.strictObject({}),
      run: async (view, _args, ctx) => ({ value: (await averageMood(db, ctx.ownerId, view)).average }),
    }),
    method({
      name: 'getMoodByTag',
      signature: `getMoodByTag(limit?: 1..${MAX_TAGS_LISTED} = 50) -> {tags: {tag, days, averageMood, averageMoodWithout}[]}`,
      description: 'mean mood on days with each #tag, and without it.',
      args: tagLimitArgs,
      run: async (view, args, ctx) => {
        const { tags, distinct, moodDays } = await moodByTag(db, ctx.ownerId, view, args.limit);
        const note =
          distinct > tags.length
            ? { note: `Showing the ${tags.length} tags on most days of ${distinct}; raise limit or narrow the view.` }
            : {};
        return { value: { tags, moodDays, ...note } };
      },
    }),
  ];
}
