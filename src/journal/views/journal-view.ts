/** A JournalCollection's state: a small filter (journal, date range, search terms) that composes by intersection. */
import { z } from 'zod';
import { isCalendarDay } from '../dates/calendar-day.ts';
import { checkSearch, parseSearch, searchText } from '../search/search-syntax.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD argument whose errors name the field and the format, as the model reads them. */
export function dayArgument(name: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${name} is required, as YYYY-MM-DD` : `${name} must be a string YYYY-MM-DD`,
    })
    .trim()
    .superRefine((value, ctx) => {
      if (!DAY.test(value))
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be YYYY-MM-DD, e.g. 2024-04-01 (got "${value.slice(0, 40)}")`,
        });
      else if (!isCalendarDay(value))
        ctx.addIssue({ code: 'custom', message: `${name} must be a real calendar day in YYYY-MM-DD (got ${value})` });
    });
}

const storedDay = z.string().regex(DAY);

/** The filter a view stands for; `{}` is the whole journal. `search` is sorted, so equal views have equal state. */
export const journalViewSchema = z.strictObject({
  from: storedDay.optional(),
  to: storedDay.optional(),
  // Re-checked on every load: a search stored before the syntax was checked (a NUL, an operator) is reported, not run.
  search: z
    .array(
      z.string().superRefine((q, ctx) => {
        const checked = checkSearch(q);
        if ('problem' in checked)
          ctx.addIssue({
            code: 'custom',
            message: `stored search ${JSON.stringify(q.slice(0, 60))} is not valid: ${checked.problem}`,
          });
      }),
    )
    .min(1)
    .optional(),
  /** On-this-day: MM-DD month-days in any year (on-this-day.ts); empty when two such filters do not overlap. */
  monthDays: z.array(z.string().regex(/^\d{2}-\d{2}$/)).optional(),
  /** Hashtags every entry must carry, lower case without '#' (tags/tag-view.ts narrows by them; entry-queries.ts and describe-view.ts read them). */
  tags: z.array(z.string().min(1)).min(1).optional(),
  /** One journal's entries: its stored name, '' for the main journal (../journal-names.ts); absent, every journal's. */
  journal: z.string().optional(),
});

export type JournalView = z.infer<typeof journalViewSchema>;

const later = (a: string | undefined, b: string) => (a !== undefined && a > b ? a : b);
const earlier = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);

/** This view narrowed to an inclusive range: the two ranges intersect (possibly to nothing). */
export function withDateRange(view: JournalView, startDate: string, endDate: string): JournalView {
  return { ...view, from: later(view.from, startDate), to: earlier(view.to, endDate) };
}

/** Search text as stored: the canonical form of the parsed query (throws a SearchSyntaxError if it does not parse). */
export function normalizeQuery(query: string): string {
  return searchText(parseSearch(query));
}

/** This view narrowed to entries that also match `query` (all searches must match). */
export function withSearch(view: JournalView, query: string): JournalView {
  const search = [...new Set([...(view.search ?? []), normalizeQuery(query)])].sort();
  return { ...view, search };
}

/** A range whose start is after its end: the view holds no day at all. */
export function hasEmptyRange(view: JournalView): boolean {
  return view.from !== undefined && view.to !== undefined && view.from > view.to;
}

/** This view narrowed to one journal (its stored name); a view of another journal has none of its entries. */
export function withJournal(view: JournalView, journal: string): JournalView | { otherJournal: string } {
  if (view.journal !== undefined && view.journal !== journal) return { otherJournal: view.journal };
  return { ...view, journal };
}
