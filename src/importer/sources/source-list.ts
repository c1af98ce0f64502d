/**
 * Every source `npm run import` reads, in one list: its --format name, the `source_app` its entries carry, how the
 * CLI names each form it comes in, the options that belong to it alone, and its reader. A new importer is its reader
 * file, its recognition in detect-source.ts, and an entry here (and its name in journal/entries/entry-source.ts's
 * SOURCE_APPS, which the store checks in code: no migration).
 */
import type { EntrySourceApp } from '../../journal/entries/entry-source.ts';
import type { DetectedSource, SourceFormat } from './detect-source.ts';
import { readDayOne } from './dayone.ts';
import { readJrnlJson, readJrnlText } from './jrnl.ts';
import { readMarkdownNotes, readOwnMarkdownExport } from './markdown-notes.ts';
import type { SourceReader } from './source-item.ts';

/** What a reader is given, from the command line and the config. */
export interface SourceReadOptions {
  journals: readonly string[];
  dateFormat?: string;
  timeZone: string;
  dayStartsAt: string;
  signal: AbortSignal;
}

/** An option of one source only: refused for the others, so none is silently ignored. */
export interface SourceOption {
  /** The parsed option it is (set when given). */
  option: 'chats' | 'journals' | 'dateFormat';
  /** How the refusal names it: "--journal (Day One zips)". */
  said: string;
  /** The forms it applies to; every form of the source when left out. */
  kinds?: readonly DetectedSource['kind'][];
}

export interface ImportSource {
  format: SourceFormat;
  app: EntrySourceApp;
  /** How the CLI says what it found, for each form. */
  names: Partial<Record<DetectedSource['kind'], string>>;
  options: readonly SourceOption[];
  /** Reads a found source of this format; Telegram's exports have their own pipeline (telegram-export/). */
  read?: (found: DetectedSource, file: string, options: SourceReadOptions) => SourceReader;
}

export const IMPORT_SOURCES: readonly ImportSource[] = [
  {
    format: 'telegram',
    app: 'telegram',
    names: { telegram: 'a Telegram Desktop export', 'journal-export': 'a journal export (npm run export, JSON)' },
    options: [{ option: 'chats', said: '--chat (Telegram exports)', kinds: ['telegram'] }],
  },
  {
    format: 'dayone',
    app: 'dayone',
    names: {
      'dayone-zip': 'a Day One export (zip)',
      'dayone-json': 'a Day One export (JSON)',
      'dayone-folder': 'a Day One export (unzipped folder)',
    },
    options: [{ option: 'journals', said: '--journal (Day One zips)' }],
    read: (found, file, o) =>
      readDayOne(file, found.kind === 'dayone-zip', { journals: [...o.journals], signal: o.signal }),
  },
  {
    format: 'jrnl',
    app: 'jrnl',
    names: {
      'jrnl-json': 'a jrnl JSON export',
      'jrnl-text': 'a jrnl journal (text)',
      'jrnl-folder': 'a jrnl folder journal',
    },
    options: [
      { option: 'dateFormat', said: '--date-format (jrnl text journals)', kinds: ['jrnl-text', 'jrnl-folder'] },
    ],
    read: (found, file, o) =>
      found.kind === 'jrnl-json' ? readJrnlJson(file, o.timeZone) : readJrnlText(file, o.timeZone, o.dateFormat),
  },
  {
    format: 'markdown',
    app: 'markdown',
    names: {
      notes: 'a folder of daily notes (Obsidian or Logseq)',
      'own-markdown': 'a journal export (npm run export, Markdown)',
    },
    options: [],
    read: (found, file, o) =>
      found.kind === 'own-markdown'
        ? readOwnMarkdownExport(file, o.timeZone, o.dayStartsAt)
        : readMarkdownNotes(file, o.timeZone, o.dayStartsAt),
  },
];

/** The source of a format (every SourceFormat has one: test/importer/source-list.test.ts). */
export function importSourceOf(format: SourceFormat): ImportSource {
  const source = IMPORT_SOURCES.find((s) => s.format === format);
  if (!source) throw new Error(`no import source for the format ${format}`);
  return source;
}

/** How the CLI names what it found. */
export function sourceName(found: DetectedSource): string {
  return importSourceOf(found.format).names[found.kind] ?? found.kind;
}

/** The options given that do not apply to what was found, as the refusal names them. */
export function misplacedOptions(found: DetectedSource, given: Record<SourceOption['option'], boolean>): string[] {
  return IMPORT_SOURCES.flatMap((source) =>
    source.options
      .filter(
        (o) =>
          given[o.option] &&
          !(source.format === found.format && (o.kinds === undefined || o.kinds.includes(found.kind))),
      )
      .map((o) => o.said),
  );
}
