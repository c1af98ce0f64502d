/**
 * Entries as passages the model may cite: each entry's text leaves the result's JSON and travels as a citable
 * passage whose source names the entry (`journal://entry/<id>`) and whose title is its date and time (and journal).
 * The answer's citations name those sources; `entryIdOfSource` maps them back to entries.
 */
import type { CitableItem, CitedValue } from '../../objects/kind.ts';
import { journalDisplayName } from '../journal-names.ts';
import type { JournalView } from './journal-view.ts';

const SOURCE_PREFIX = 'journal://entry/';

export const entrySource = (id: number): string => `${SOURCE_PREFIX}${id}`;

/** The entry id a cited source names, or undefined for a source that is not an entry's. */
export function entryIdOfSource(source: string): number | undefined {
  if (!source.startsWith(SOURCE_PREFIX)) return undefined;
  const id = source.slice(SOURCE_PREFIX.length);
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : undefined;
}

/** An entry's title as a citation shows it: "2024-03-01 09:12", and the journal when the view names one. */
export function entryCitationTitle(date: string, time: string, view: JournalView): string {
  const journal = view.journal === undefined ? '' : ` · ${journalDisplayName(view.journal)}`;
  return `${date} ${time}${journal}`;
}

/** What an entry without words (a photo or other media sent without a caption) says as a passage: never an empty one. */
export const NO_TEXT_PASSAGE = '(a photo or other media, no text)';

/** The token an answer names an entry by when passages go as plain text; the chat makes it a link to the entry. */
export const entryReference = (id: number): string => `/entry_${id}`;

/** An entry (or a page of one) as a passage: its source, its title, its content as the text. */
export function entryPassage(
  entry: { id: number; time: string; content: string },
  date: string,
  view: JournalView,
): CitableItem {
  return {
    source: entrySource(entry.id),
    title: entryCitationTitle(date, entry.time, view),
    text: entry.content.trim() === '' ? NO_TEXT_PASSAGE : entry.content,
    reference: entryReference(entry.id),
  };
}

/** The cited form of one entry value: the value without its content, which goes as the passage (the kind's fields say so). */
export function citedEntry<E extends { id: number; time: string; content: string }>(
  entry: E,
  date: string,
  view: JournalView,
): CitedValue {
  const { content: _text, ...rest } = entry;
  return { value: rest, passages: [entryPassage(entry, date, view)] };
}

/** A list of entries as a method returns it: the values whole, and the cited form (one passage per entry, in order). */
export function citableEntries<E extends { id: number; time: string; content: string }>(
  entries: readonly E[],
  dateOf: (entry: E) => string,
  view: JournalView,
) {
  const cited: CitedValue = {
    value: entries.map(({ content: _text, ...rest }) => rest),
    passages: entries.map((e) => entryPassage(e, dateOf(e), view)),
  };
  return { value: entries, cited };
}
