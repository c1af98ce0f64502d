/**
 * What every app reader (Day One, jrnl, Markdown notes) hands the import pipeline: an entry, or an item skipped for
 * a reason and named by the app's own id. Readers are async generators, one item at a time, so memory stays flat.
 */
import type { EntryMetadata } from '../../journal/entries/entry-metadata.ts';
import type { EntrySourceApp } from '../../journal/entries/entry-source.ts';
import type { EntryMedia } from '../../journal/media/media.ts';

export interface SourceEntry {
  /** The app's own id of the entry: its key, so a re-import meets it again. */
  sourceId: string;
  writtenAt: Date;
  /** The entry's own zone (Day One); else JOURNAL_TIMEZONE. */
  timeZone?: string;
  text: string;
  tags: readonly string[];
  /** In order; a medium's `sourcePath` is relative to the reader's `mediaFolder`. */
  media: readonly EntryMedia[];
  metadata: EntryMetadata | null;
  editedAt?: Date | null;
  /** The journal it goes into (a Day One zip's journals): a stored name (journal/journal-names.ts); else the main one. */
  journal?: string;
}

/** Why an item of an app did not become an entry. */
export const SOURCE_SKIP_REASONS = [
  'empty',
  'other-format',
  'not-selected',
  'no-date',
  'bad-date',
  'no-id',
  'duplicate-id',
  'malformed',
  'symlink',
  'hard-link',
  'not-utf8',
  'too-large',
] as const;
export type SourceSkipReason = (typeof SOURCE_SKIP_REASONS)[number];

export const SOURCE_SKIP_TEXT: Record<SourceSkipReason, string> = {
  empty: 'empty (template notes and entries without text or media)',
  'other-format': 'in a format not read (Logseq .org pages)',
  'not-selected': 'in journals not selected',
  'no-date': 'without a date',
  'bad-date': 'with an impossible or out-of-range date (years 1970–9999 only)',
  'no-id': 'without an id',
  'duplicate-id': 'repeating an id already seen in the file (the first kept)',
  malformed: 'malformed',
  symlink: 'symbolic links, not followed (they may point outside what was given; import the file itself)',
  'hard-link':
    'files with a second name on the disk (hard links), not read (the other name may be outside what was given; copy the folder with cp -r and import the copy)',
  'not-utf8': 'not UTF-8 text (save them as UTF-8 and import again)',
  'too-large': 'with a field too large to read (over 64 MiB)',
};

/** Skips by choice or by design, only counted; every other reason means damage. */
const SOURCE_BENIGN: readonly SourceSkipReason[] = ['empty', 'other-format', 'not-selected'];

/** Skips that mean damage: named by their ids in the summary. */
export const SOURCE_DAMAGE: ReadonlySet<SourceSkipReason> = new Set(
  SOURCE_SKIP_REASONS.filter((reason) => !SOURCE_BENIGN.includes(reason)),
);

export type SourceItem =
  { entry: SourceEntry; journal?: string } | { skip: SourceSkipReason; id: string; journal?: string };

/** Where a reader stands, for the progress bar. */
export interface SourceProgress {
  bytesRead: number;
  totalBytes: number;
}

export interface SourceReader {
  app: Exclude<EntrySourceApp, 'telegram'>;
  /** How the summary names the source: "Day One JSON", "jrnl text journal", "Obsidian notes"… */
  label: string;
  items: AsyncGenerator<SourceItem>;
  progress: SourceProgress;
  /** The folder media paths (EntryMedia.sourcePath) are relative to; without one, media stay labels. */
  mediaFolder?: string;
  /** Removes what the reader made for the import (a zip's unpacked media), once the last batch is written. */
  close?: () => Promise<void>;
}

/** Entries are dated from 1970 to 9999. */
const LATEST_MS = new Date('9999-12-31T23:59:59Z').getTime();
export const inDateRange = (at: Date) =>
  Number.isFinite(at.getTime()) && at.getTime() >= 0 && at.getTime() <= LATEST_MS;

/** An app's tag as a journal tag: `Family Trip` → `family_trip`, `@idea` → `idea`, `#[[a b]]` → `a_b`. */
export function appTag(tag: string): string {
  return tag
    .trim()
    .replace(/^[@#]/, '')
    .replace(/^\[\[(.*)\]\]$/, '$1')
    .trim()
    .replace(/[\s\-/.]+/g, '_');
}
