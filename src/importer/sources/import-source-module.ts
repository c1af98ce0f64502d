/**
 * What one importer declares (its module, e.g. dayone-source.ts): its --format name, the `source_app` its entries
 * carry, how the CLI names each form it comes in, the options that are its alone, how it recognises its files and
 * folders, and its reader. source-list.ts holds the modules in one array; detect-source.ts asks them in its order.
 */
import type { EntrySourceApp } from '../../journal/entries/entry-source.ts';
import type { FileHead } from './file-head.ts';
import type { SourceReader } from './source-item.ts';
import type { ZipMember } from './zip-reader.ts';

/** Every form a source is found in; the --format names are its `format`s. */
export type DetectedSource =
  | {
      format: 'telegram';
      kind: 'telegram';
      guessed?: true;
      /** A Telegram Desktop folder: its result.json (media beside it). */ file?: string;
    }
  | {
      format: 'telegram';
      kind: 'journal-export';
      /** In a folder: the export file in it (its media/ beside). */ file?: string;
    }
  | { format: 'dayone'; kind: 'dayone-zip' | 'dayone-json' | 'dayone-folder' }
  | { format: 'jrnl'; kind: 'jrnl-json' | 'jrnl-text' | 'jrnl-folder' }
  | { format: 'markdown'; kind: 'notes' | 'own-markdown' };

export type SourceFormat = DetectedSource['format'];

/**
 * The passes over a file's head, in order; within a pass the sources are asked in the list's order. `marked`: a
 * marker only that app writes (the journal's own exports, Day One's keys, jrnl's JSON keys). `shaped`: a shape others
 * may share (Telegram's keys, jrnl's dated lines, Markdown). `fallback`: what is left (any other JSON is Telegram's to
 * read or refuse). `forced`: --format named the source, which then says its form (or refuses the file).
 */
export const FILE_PASSES = ['marked', 'shaped', 'fallback'] as const;
export type FilePass = (typeof FILE_PASSES)[number] | 'forced';

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

/** A source that comes as a zip: its form from the zip's members, and its refusal when the zip is not one. */
export interface ZipRecognition {
  recognise: (members: readonly ZipMember[], forced: boolean) => DetectedSource | null;
  /** "is a zip file, but not a Day One export (…)": said when no source takes the zip. */
  refusal: string;
}

export interface ImportSource {
  format: SourceFormat;
  app: EntrySourceApp;
  /** How the messages name the app: "Day One". */
  title: string;
  /** How the CLI says what it found, for each form. */
  names: Partial<Record<DetectedSource['kind'], string>>;
  options: readonly SourceOption[];
  /** Its form of a file in this pass, or null when the head is not its (never null when `forced`, for a file). */
  recogniseFile: (head: FileHead, pass: FilePass) => DetectedSource | null;
  /** Zips it reads, when it reads any (--format naming another source refuses a zip). */
  recogniseZip?: ZipRecognition;
  /** Its form of a folder, or null; `forced` (--format) refuses with why when the folder holds none of its. */
  recogniseFolder: (folder: string, name: string, forced: boolean) => DetectedSource | null;
  /** Reads a found source of this format; Telegram's exports have their own pipeline (telegram-export/). */
  read?: (found: DetectedSource, file: string, options: SourceReadOptions) => SourceReader;
}
