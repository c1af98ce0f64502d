/** The JournalCollection kind: the owner's journal, or a lazy view of it, as the model reads and calls it. */
import { z } from 'zod';
import type { JournalDb } from '../db/journal-database.ts';
import { defineKind, methodsFor, type MethodDefinition } from '../objects/kind.ts';
import { countByPeriod, countDays, countEntries, countView } from './views/entry-queries.ts';
import { findEntriesPage } from './views/entry-pages.ts';
import { askMethod, type AskOptions } from './views/ask-method.ts';
import { withContentCut } from './entries/entry-reading.ts';
import { citableEntries } from './views/entry-citations.ts';
import { getEntryMethod } from './entries/get-entry-method.ts';
import { entryContextMethod } from './entries/entry-context-method.ts';
import { entriesForDayMethod } from './entries/day-entries-method.ts';
import { viewMediaMethod } from './media/view-media-method.ts';
import type { Pictures } from './media/picture-cache.ts';
import { calendarMethod } from './mood/calendar-method.ts';
import { checkSearch } from './search/search-syntax.ts';
import { describeView, describeViewFilter } from './views/describe-view.ts';
import { describedCounts } from './views/search-count.ts';
import { JOURNAL_ENTRY_FIELDS } from './views/journal-entry-kind.ts';
import { onThisDayMethod } from './views/on-this-day.ts';
import { withSearchDates } from './views/search-dates.ts';
import {
  dayArgument,
  journalViewSchema,
  normalizeQuery,
  withDateRange,
  withSearch,
  type JournalView,
} from './views/journal-view.ts';
import { tagMethods } from './tags/tag-methods.ts';
import { moodMethods } from './mood/mood-methods.ts';
import { journalMethods } from './journals/journal-methods.ts';

export const JOURNAL_COLLECTION_KIND = 'so.idyllic.prototype#JournalCollection';

/** The most periods one overview lists before it says how to narrow. */
export const OVERVIEW_MAX_GROUPS = 100;

const noArgs = z.strictObject({});

const rangeArgs = z
  .strictObject({ startDate: dayArgument('startDate'), endDate: dayArgument('endDate') })
  .refine((a) => a.startDate <= a.endDate, {
    error: (issue) => {
      const a = issue.input as { startDate: string; endDate: string };
      return `startDate ${a.startDate} is after endDate ${a.endDate}; the range is inclusive and runs forward, so swap them`;
    },
    // Only for two valid days: a date that is wrong gets its own advice, not "swap them" as well.
    when: (payload) => payload.issues.length === 0,
  });

const searchArgs = z.strictObject({
  query: z
    .string({ error: 'query is required: the words to look for, e.g. "coffee"' })
    .max(200, { error: 'query must be at most 200 characters' })
    .superRefine((q, ctx) => {
      const checked = checkSearch(q);
      if ('problem' in checked) ctx.addIssue({ code: 'custom', message: `query: ${checked.problem}` });
    }),
});

const pageArgs = z.strictObject({
  limit: z
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int()
    .min(1)
    .max(100, { error: 'limit must be at most 100' })
    .default(20),
  offset: z
    .number({ error: 'offset must be a whole number, 0 or more' })
    .int()
    .min(0, { error: 'offset must be 0 or more' })
    .default(0),
});

const entriesArgs = pageArgs.extend({
  order: z
    .enum(['newest', 'oldest'], {
      error:
        'order must be "newest" or "oldest" (leave it out for the view\'s own order: best matches first on a search)',
    })
    .optional(),
});

const overviewArgs = z.strictObject({
  groupBy: z.enum(['year', 'month', 'day'], { error: 'groupBy must be "year", "month" or "day"' }).default('month'),
});

/** Each method's `args` in `run` is inferred from its schema. */
const method = methodsFor<JournalView>();

export interface JournalCollectionOptions {
  /** The owner's local day now, YYYY-MM-DD: the default of date arguments such as onThisDay's. */
  today: () => string;
  /** The reader `ask` reads through; without it the kind has no ask method. */
  ask?: AskOptions;
  /** Where viewMedia's pictures are made and kept (picture-cache.ts): the same gate as the web view's thumbnails. */
  pictures: Pictures;
}

function methods(db: JournalDb, options: JournalCollectionOptions): MethodDefinition<JournalView>[] {
  return [
    method({
      name: 'getOverview',
      signature: 'getOverview(groupBy?: "year"|"month"|"day") -> {firstDate, lastDate, days, entries, groups}',
      description: `days and entries per period (month by default, at most ${OVERVIEW_MAX_GROUPS} periods); no entry text.`,
      args: overviewArgs,
      run: async (view, args, ctx) => {
        const [counts, groups] = await Promise.all([
          countView(db, ctx.ownerId, view),
          countByPeriod(db, ctx.ownerId, view, args.groupBy),
        ]);
        const shown = groups.slice(0, OVERVIEW_MAX_GROUPS);
        const cut = groups.length > shown.length;
        const value = {
          ...counts,
          groupBy: args.groupBy,
          groups: args.groupBy === 'day' ? shown.map(({ period, entries }) => ({ period, entries })) : shown,
          ...(cut
            ? {
                note: `Showing the first ${shown.length} of ${groups.length} periods; use a coarser groupBy or getDateRangeView.`,
              }
            : {}),
        };
        return { value };
      },
    }),
    method({
      name: 'getDayCount',
      signature: 'getDayCount() -> number',
      description: 'distinct local days with at least one entry.',
      args: noArgs,
      run: async (view, _args, ctx) => ({ value: await countDays(db, ctx.ownerId, view) }),
    }),
    method({
      name: 'getTotalEntryCount',
      signature: 'getTotalEntryCount() -> number',
      description: 'number of entries.',
      args: noArgs,
      run: async (view, _args, ctx) => ({ value: await countEntries(db, ctx.ownerId, view) }),
    }),
    entriesForDayMethod(db),
    method({
      name: 'getEntries',
      signature: 'getEntries(limit?: 1..100 = 20, offset?: number = 0, order?: "newest"|"oldest") -> JournalEntry[]',
      description: 'paged: best match first on a search view, else oldest first; order sorts by date.',
      args: entriesArgs,
      pagingHint: 'Call getEntries again with offset increased by the number shown, or narrow the view first.',
      run: async (view, args, ctx) => {
        const entries = await findEntriesPage(db, ctx.ownerId, view, {
          limit: args.limit,
          offset: args.offset,
          order: args.order,
        });
        return {
          ...citableEntries(entries.map(withContentCut), (e) => e.date, view),
          carries: entries.map((e) => ({ id: e.id, day: e.date })),
        };
      },
    }),
    getEntryMethod(db),
    entryContextMethod(db),
    viewMediaMethod(db, options.pictures),
    method({
      name: 'getDateRangeView',
      signature: 'getDateRangeView(startDate: YYYY-MM-DD, endDate: YYYY-MM-DD) -> JournalCollection',
      description: 'a new handle on these entries between the two days, inclusive.',
      args: rangeArgs,
      run: async (view, args) => ({
        object: { kind: JOURNAL_COLLECTION_KIND, state: withDateRange(view, args.startDate, args.endDate) },
      }),
    }),
    method({
      name: 'search',
      signature: 'search(query: string) -> JournalCollection',
      description:
        'a new handle on entries with any of the words (any form), best first: give several words; "a phrase", +must, -not, word*. An answer often sits beside a hit: getEntryContext.',
      args: searchArgs,
      run: async (view, args) => ({
        object: { kind: JOURNAL_COLLECTION_KIND, state: withSearch(view, normalizeQuery(args.query)) },
      }),
    }),
    ...tagMethods(db, JOURNAL_COLLECTION_KIND),
    ...moodMethods(db),
    calendarMethod(db),
    ...journalMethods(db, JOURNAL_COLLECTION_KIND),
    // Only where a reader model is configured: a surface lists only the methods that can run there.
    ...(options.ask ? [askMethod(db, options.ask)] : []),
    onThisDayMethod(JOURNAL_COLLECTION_KIND, options.today),
  ];
}

/** The kind, bound to the database its views read, the owner's today, and the reader `ask` reads through. */
export function journalCollectionKind(db: JournalDb, options: JournalCollectionOptions) {
  return defineKind<JournalView>({
    kind: JOURNAL_COLLECTION_KIND,
    description:
      "The owner's journals (all, or one), or a view narrowed by dates or words: what they wrote, did or felt, when and how often.",
    interpretation:
      'An entry is one message the owner wrote, dated by local day and time; a day with entries is a day they wrote. ' +
      'Answer "how often" and "when" with counts and getOverview; read entries only to quote them' +
      (options.ask ? '; ask a view to summarise. ' : '. ') +
      'Views only narrow: a view of a view keeps both filters.',
    fields: JOURNAL_ENTRY_FIELDS,
    // search reads the time its query names first (search-dates.ts), around whatever search itself does.
    methods: methods(db, options).map((m) =>
      m.name === 'search' ? withSearchDates(m, options.today, JOURNAL_COLLECTION_KIND) : m,
    ),
    state: journalViewSchema,
    describeInstance: async (view, ctx) => describeView(view, await describedCounts(db, ctx.ownerId, view)),
    describeState: describeViewFilter,
  });
}
