/** A view's one-line description, from its own filter and its own counts (never its parent's). */
import type { DescribedCounts } from './search-count.ts';
import { hasEmptyRange, type JournalView } from './journal-view.ts';
import { describeSearch, parseSearch } from '../search/search-syntax.ts';
import { monthDaysText } from './on-this-day.ts';
import { plural } from '../plural.ts';
import { journalDisplayName, journalHandle, MAIN_JOURNAL } from '../journal-names.ts';

/** ` of the journal "Dreams"`, or nothing; the name is JSON-quoted, so no name can end the phrase early. */
function journalText(view: JournalView): string {
  if (view.journal === undefined) return '';
  return view.journal === MAIN_JOURNAL
    ? ' of the main journal'
    : ` of the journal ${JSON.stringify(journalDisplayName(view.journal))}`;
}

/** ` tagged #a and #b`, or nothing. */
function tagText(view: JournalView): string {
  return view.tags ? ` tagged ${view.tags.map((t) => `#${t}`).join(' and ')}` : '';
}

function rangeText(view: JournalView): string {
  if (view.from !== undefined && view.to !== undefined) return ` from ${view.from} to ${view.to}`;
  if (view.from !== undefined) return ` from ${view.from} on`;
  if (view.to !== undefined) return ` up to ${view.to}`;
  return '';
}

/** What the view holds, from its filter alone (no counts, no data read): how listObjects names it. */
export function describeViewFilter(view: JournalView): string {
  if (hasEmptyRange(view))
    return `An empty journal view: its date ranges do not overlap (from ${view.from} but up to ${view.to})`;
  // What was searched, in words (never the raw text): `containing "walk" and ("river" or "lake"), without "tea"`.
  const queries = (view.search ?? []).map(parseSearch);
  // Each search of the view must match: their descriptions are joined by "and".
  const matching = queries.length
    ? ` containing ${queries.map((q) => describeSearch(q).replace(/^containing /, '')).join(' and ')}`
    : '';
  const filters = `${tagText(view)}${matching}${monthDaysText(view)}${rangeText(view)}`;
  if (view.journal !== undefined) return `Entries${journalText(view)}${filters}`;
  return filters === '' ? 'The whole journal' : `Journal entries${filters}`;
}

/**
 * How a view of one journal says where the others are: the model that holds journal:Dreams can still reach the rest.
 * The name is JSON-quoted inside the handle's mention too.
 */
function otherJournalsText(view: JournalView): string {
  if (view.journal === undefined) return '';
  return ` (${JSON.stringify(journalHandle(view.journal))}; journal holds every journal, and its listJournals() and getJournal(name) reach the others)`;
}

export function describeView(view: JournalView, counts: DescribedCounts): string {
  return `${describeCounted(view, counts)}${otherJournalsText(view)}`;
}

function describeCounted(view: JournalView, counts: DescribedCounts): string {
  const subject = describeViewFilter(view);
  if (hasEmptyRange(view)) return `${subject}, so it has 0 days, 0 entries`;
  // A common word's matches are not all counted to describe its view (search-count.ts).
  if ('more' in counts)
    return `${subject}: more than ${counts.more.toLocaleString('en-US')} entries (getOverview counts them); getEntries lists best matches first`;
  if (counts.entries === 0) return `${subject}: no entries`;
  const tally = `${plural(counts.days, 'day', 'days')}, ${plural(counts.entries, 'entry', 'entries')}`;
  const span = view.from === undefined || view.to === undefined ? `, ${counts.firstDate} to ${counts.lastDate}` : '';
  // A search view pages by relevance: the model should read its first page as the best evidence, not the oldest.
  const order = view.search === undefined ? '' : '; getEntries lists best matches first';
  return `${subject}: ${tally}${span}${order}`;
}
