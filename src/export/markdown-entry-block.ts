/**
 * One entry of the Markdown export, faithfully: a heading a person reads (`### 09:30 · photo · edited`), then an HTML
 * comment holding everything the journal keeps about the entry, one `name: <JSON>` line per field, then the entry's
 * text exactly as stored. The comment says how many lines the text has, so any line in it (a heading, a fence, a time,
 * another comment) is text: nothing in an entry's text can cut, split, re-date or re-type it.
 *
 *     ### 09:30 · photo · edited
 *     <!-- entry 12
 *     written_at: "2024-01-23T08:30:15.123Z"
 *     local_day: "2024-01-23"
 *     …
 *     lines: 3
 *     -->
 *     ![](media/<sha256>.jpg)      (links to its kept media, then a blank line: mediaLinkLines)
 *
 *     the text, 3 lines
 *
 * A new field is one row of BLOCK_FIELDS. Renderers hide the comment; `npm run import` reads it back
 * (import-markdown-export.ts), and the same export of the imported journal is the same file.
 */
import { titleOf } from '../journal/entries/entry.ts';
import type { EntryMetadata } from '../journal/entries/entry-metadata.ts';
import { mediaLabel } from '../journal/media/media.ts';
import type { ExportedEntry } from './journal-export-format.ts';
import { EDITED_MARK, entryHeading } from '../formats/journal-markdown.ts';

/** The front matter's `format`: a Markdown export this version writes and reads back field by field. */
export const MARKDOWN_FORMAT = 'journal-objects-markdown';
/** 3: `media_items` is the entry's media (as the JSON's), with links to media/ after the comment; 2 read too. */
export const MARKDOWN_VERSION = 3;

type Fields = Record<string, unknown>;

interface BlockField {
  name: string;
  /** The value written, or undefined to leave the line out (a default the reader restores). */
  write(entry: ExportedEntry): unknown;
  /** Puts a value read back into the entry being rebuilt. */
  read(entry: Fields, value: unknown): void;
}

/** A top-level field of the JSON export's entry, left out when it has its default. */
const field = (name: keyof ExportedEntry, isDefault: (value: unknown) => boolean = () => false): BlockField => ({
  name,
  write: (entry) => (isDefault(entry[name]) ? undefined : entry[name]),
  read: (entry, value) => void (entry[name] = value),
});

/** A key of the entry's metadata (starred, place, weather, …) on its own line. */
const meta = (name: keyof EntryMetadata): BlockField => ({
  name,
  write: (entry) => entry.metadata?.[name],
  read: (entry, value) => void (((entry.metadata as Fields | null | undefined) ?? (entry.metadata = {}))[name] = value),
});

const isNull = (value: unknown) => value === null || value === undefined;
const isEmpty = (value: unknown) => Array.isArray(value) && value.length === 0;
/** Metadata keys with a line of their own; any other key goes on the `more_metadata` line, so none is dropped. */
const OWN_LINE_METADATA: readonly (keyof EntryMetadata)[] = [
  'starred',
  'pinned',
  'time_zone',
  'journal',
  'place',
  'weather',
  'media',
];

/** Every line of an entry's comment, in the order written. Adding a field to the journal: one row here. */
export const BLOCK_FIELDS: readonly BlockField[] = [
  field('written_at'),
  field('local_day'),
  field('local_time'),
  field('edited_at', isNull),
  field('tags', isEmpty),
  // The metadata's list of media (what Day One named); version 2 wrote it as `media_items` (LEGACY_NAMES).
  ...OWN_LINE_METADATA.map((name) => (name === 'media' ? { ...meta(name), name: 'metadata_media' } : meta(name))),
  {
    name: 'more_metadata',
    write: (entry) => {
      const rest = Object.entries(entry.metadata ?? {}).filter(
        ([key]) => !OWN_LINE_METADATA.includes(key as keyof EntryMetadata),
      );
      return rest.length > 0 ? Object.fromEntries(rest) : undefined;
    },
    read: (entry, value) =>
      void Object.assign((entry.metadata as Fields | null | undefined) ?? (entry.metadata = {}), value),
  },
  field('media', isNull),
  // Every medium of the entry in order (kind, sha256, MIME type, size, dimensions, duration, name, file_id, its file).
  {
    name: 'media_items',
    write: (entry) => entry.media_items,
    read: (entry, value) => void (entry.media_items = value),
  },
  field('revisions', isEmpty),
  field('source'),
  field('chat_id'),
  field('message_id'),
  field('source_app'),
  field('source_id', isNull),
  field('created_at'),
  // The journal it belongs to (a topic's); absent for the main journal. Named apart from Day One's `journal` above.
  { name: 'in_journal', write: (entry) => entry.journal, read: (entry, value) => void (entry.journal = value) },
  // The writing prompt the entry answered (a reply to /prompt or a reminder); absent when none.
  field('prompt'),
  // Stored titles are the text's first line; written only when one is not.
  {
    name: 'title',
    write: (entry) => (entry.title === titleOf(entry.content) ? undefined : entry.title),
    read: (entry, value) => void (entry.title = value),
  },
];

/** JSON on one line that cannot end the comment: `<` and `>` written as JSON escapes (`-->` never appears). */
function commentJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e');
}

/** The lines of a text: split at line feeds only, so a carriage return stays part of its line. */
export function textLines(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/** The readable heading of an entry: its time, its own zone when not the journal's, its media, an edit mark. */
function heading(entry: ExportedEntry, timeZone: string | undefined): string {
  const ownZone = entry.metadata?.time_zone;
  const labels: string[] = [];
  if (entry.media)
    labels.push(
      mediaLabel({
        kind: entry.media.kind,
        fileId: null,
        fileName: entry.media.file_name,
        durationSeconds: entry.media.duration_seconds,
        fileSize: null,
      }).slice(1, -1),
    );
  if (entry.edited_at) labels.push(EDITED_MARK);
  return entryHeading(entry.local_time, ownZone && ownZone !== timeZone ? ownZone : undefined, labels);
}

/** `[` `]` `\` escaped, so a file's name cannot end its link's text early. */
const linkText = (name: string) => name.replace(/[\\[\]]/g, '\\$&').replace(/[\r\n]+/g, ' ');

/**
 * The lines between an entry's comment and its text that show its kept media: `![](media/<sha256>.jpg)` for a photo,
 * `[report.pdf](media/<sha256>.pdf)` for any other file, then a blank line before the text. Derived from
 * `media_items` alone, so the reader knows them and never takes them for text.
 */
export function mediaLinkLines(items: ExportedEntry['media_items'], hasText: boolean): string[] {
  const links = (items ?? []).flatMap((m) => {
    if (m.path === null) return [];
    if (m.kind === 'photo') return [`![](${m.path})`];
    const label = mediaLabel({
      kind: m.kind,
      fileId: null,
      fileName: null,
      durationSeconds: m.duration_seconds,
      fileSize: null,
    }).slice(1, -1);
    return [`[${linkText(m.file_name ?? label)}](${m.path})`];
  });
  return links.length > 0 && hasText ? [...links, ''] : links;
}

/** An entry's block: its heading, its comment of fields, links to its media, its text (without a day heading). */
export function entryBlock(entry: ExportedEntry, timeZone: string | undefined): string {
  const lines = textLines(entry.content);
  const fields = BLOCK_FIELDS.flatMap((f) => {
    const value = f.write(entry);
    return value === undefined ? [] : [`${f.name}: ${commentJson(value)}`];
  });
  const links = mediaLinkLines(entry.media_items, lines.length > 0);
  return [
    heading(entry, timeZone),
    `<!-- entry ${entry.id}`,
    ...fields,
    `lines: ${lines.length}`,
    '-->',
    ...links,
    ...lines,
    '',
  ].join('\n');
}

const FIELD_BY_NAME = new Map(BLOCK_FIELDS.map((f) => [f.name, f]));

/** Lines an older version named otherwise: version 2's `media_items` was the metadata's list of media. */
const LEGACY_NAMES: Record<number, Record<string, string>> = { 2: { media_items: 'metadata_media' } };

/** The first line of an entry's comment: `<!-- entry 12`. */
export const BLOCK_START = /^<!-- entry (\d{1,15})$/;

/**
 * Reads an entry's comment lines (between `<!-- entry <id>` and `-->`) into the JSON export's entry shape, without
 * its content; the caller reads `lines` lines of text after it. Throws an Error saying which line is wrong.
 */
export function readBlockFields(
  id: number,
  lines: readonly string[],
  version: number = MARKDOWN_VERSION,
): { entry: Fields; textLines: number } {
  const renamed = LEGACY_NAMES[version] ?? {};
  const entry: Fields = { id, edited_at: null, tags: [], media: null, revisions: [], source_id: null, metadata: null };
  let count: number | null = null;
  for (const line of lines) {
    const m = /^([a-z_]+): (.*)$/.exec(line);
    if (!m) throw new Error(`"${line.slice(0, 60)}" is not a field line (name: value)`);
    let value: unknown;
    try {
      value = JSON.parse(m[2]!);
    } catch {
      throw new Error(`${m[1]}'s value is not JSON`);
    }
    if (m[1] === 'lines') {
      if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Error('lines must be a count of lines');
      count = value as number;
      continue;
    }
    const known = FIELD_BY_NAME.get(renamed[m[1]!] ?? m[1]!);
    if (!known) throw new Error(`${m[1]} is not a field this version reads`);
    known.read(entry, value);
  }
  if (count === null) throw new Error('it does not say how many lines its text has (lines: n)');
  return { entry, textLines: count };
}
