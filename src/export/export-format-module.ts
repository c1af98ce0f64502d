/**
 * What an export format declares (one module each, listed in export-formats.ts): its `--format` name, its line of
 * `npm run export`'s usage, and how it writes the journal where `--out` points (or its default place). The CLI, its
 * usage and docs/exporting.md are read from the list (test/export/export-formats.test.ts).
 */
import { existsSync, statSync } from 'node:fs';
import type { JournalDb } from '../db/journal-database.ts';
import type { ExportFile } from './parted-output.ts';

export interface FormatExportRequest {
  ownerId: number;
  /** `--out` as given (a trailing slash kept: a folder is meant); undefined for the format's default place. */
  out: string | undefined;
  timeZone: string;
  dayStartsAt: string;
  now: Date;
  /** One journal alone (a stored name); every journal when left out. */
  journal?: string;
}

export interface FormatExportResult {
  entries: number;
  /** The files written, media apart. */
  files: ExportFile[];
  /** Media written to a folder beside them, summed up in one line rather than listed. */
  media?: ExportFile[];
  /** Media with bytes the export did not write (an export to one file has no media/ folder beside it). */
  mediaLeftOut?: number;
}

export interface ExportFormatModule {
  /** The `--format` name. */
  format: string;
  /** Its line of the usage after `--format <name>`: what it writes and where `--out` may point. */
  usage: string;
  write(db: JournalDb, request: FormatExportRequest): Promise<FormatExportResult>;
}

/** Is `--out` a folder: it ends with a slash, or names one already there. */
export const isFolderTarget = (out: string): boolean =>
  /[/\\]$/.test(out) || (existsSync(out) && statSync(out).isDirectory());
