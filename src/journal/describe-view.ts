/** A view's one-line description, from its own filter and its own counts (never its parent's). */
import type { ViewCounts } from './entry-queries.ts';
import { hasEmptyRange, type JournalView } from './journal-view.ts';
import { plural } from './plural.ts';
import { tagText } from './tag-view.ts';

function rangeText(view: JournalView): string {
  if (view.from !== undefined && view.to !== undefined) return ` from ${view.from} to ${view.to}`;
  if (view.from !== undefined) return ` from ${view.from} on`;
  if (view.to !== undefined) return ` up to ${view.to}`;
  return '';
}

export function describeView(view: JournalView, counts: ViewCounts): string {
  if (hasEmptyRange(view)) {
    return `An empty journal view: its date ranges do not overlap (from ${view.from} but up to ${view.to}), so it has 0 days, 0 entries`;
  }
  const matching = view.search ? ` matching ${view.search.map((q) => JSON.stringify(q)).join(' and ')}` : '';
  const filters = `${tagText(view)}${matching}${rangeText(view)}`;
  const subject = filters === '' ? 'The whole journal' : `Journal entries${filters}`;
  if (counts.entries === 0) return `${subject}: no entries`;
  const tally = `${plural(counts.days, 'day', 'days')}, ${plural(counts.entries, 'entry', 'entries')}`;
  const span = view.from === undefined || view.to === undefined ? `, ${counts.firstDate} to ${counts.lastDate}` : '';
  return `${subject}: ${tally}${span}`;
}
