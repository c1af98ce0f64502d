/** exportJournal: one owner's journal as the JSON export (lossless, re-importable) or as Markdown, into files. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { JournalDb } from '../db/journal-database.ts';
import type { ExportFile } from './parted-output.ts';
import { readJournal, readMoods, summarizeYears } from './read-journal.ts';
import { writeJsonExport } from './write-json.ts';
import { writeMarkdownExport } from './write-markdown.ts';
import { countKeptMedia, writeMediaFolder } from './export-media.ts';
import { utcFileStamp } from '../journal/dates/instant-format.ts';
import type { ExportedEntry } from './journal-export-format.ts';

export type ExportFormat = 'json' | 'md';

export interface ExportRequest {
  ownerId: number;
  format: ExportFormat;
  /**
   * Where to write. A file path gives one file (parts beside it: `name.part2.json`); a directory gives
   * `journal-<owner>-<UTC stamp>.json`, or for Markdown one file per year (`2024.md`). A file already there is
   * refused (ExportExistsError), never replaced.
   */
  out: { file: string } | { dir: string };
  /** Split into parts no bigger than this (Telegram's upload limit); unbounded by default. */
  maxPartBytes?: number;
  timeZone: string;
  dayStartsAt: string;
  now: Date;
  /** One journal alone (a stored name, journal/journal-names.ts); every journal when left out. */
  journal?: string;
  /**
   * Bytes an entry brings to its part besides its text, counted toward maxPartBytes: /export sends each part as a zip
   * with the media its entries reference (chat-export.ts), so a part's media must fit beside it.
   */
  carriedBytes?: (entry: ExportedEntry) => number;
}

export interface ExportResult {
  files: ExportFile[];
  entries: number;
  /** Media with bytes the export did not write (an export to one file has no media/ folder beside it). */
  mediaLeftOut?: number;
}

/** `journal-111-20250110-120000.json`: whose journal and when, so two exports never share a name. */
export function defaultExportName(ownerId: number, now: Date, extension: string): string {
  return `journal-${ownerId}-${utcFileStamp(now)}.${extension}`;
}

/** `journal.json`, part 2 → `journal.part2.json`. */
export function partPath(file: string, part: number): string {
  if (part === 1) return file;
  const ext = path.extname(file);
  return `${file.slice(0, file.length - ext.length)}.part${part}${ext}`;
}

export async function exportJournal(db: JournalDb, request: ExportRequest): Promise<ExportResult> {
  const dir = 'dir' in request.out ? request.out.dir : path.dirname(request.out.file);
  // A journal's text is private: a folder made for it is 0700 and each file 0600 (parted-output.ts).
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const entries = readJournal(db, request.ownerId, request.journal);
  if (request.format === 'json') {
    const file =
      'file' in request.out
        ? request.out.file
        : path.join(dir, defaultExportName(request.ownerId, request.now, 'json'));
    const moods = await readMoods(db, request.ownerId, request.journal);
    const header = {
      exported_at: request.now.toISOString(),
      owner_id: request.ownerId,
      time_zone: request.timeZone,
      day_starts_at: request.dayStartsAt,
      moods,
    };
    const written = await writeJsonExport(
      entries,
      header,
      (part) => partPath(file, part),
      request.maxPartBytes,
      request.carriedBytes,
    );
    return withMedia(db, request, written);
  }
  const years = await summarizeYears(db, request.ownerId, request.journal);
  const written = await writeMarkdownExport(entries, years, {
    perYear: 'dir' in request.out,
    pathOf: (year, part) => partPath('file' in request.out ? request.out.file : path.join(dir, `${year}.md`), part),
    maxBytes: request.maxPartBytes,
    exportedAt: request.now.toISOString(),
    timeZone: request.timeZone,
    dayStartsAt: request.dayStartsAt,
    ownerId: request.ownerId,
    moods: await readMoods(db, request.ownerId, request.journal),
    carriedBytes: request.carriedBytes,
  });
  return withMedia(db, request, written);
}

/** An export into a folder also writes the media its entries reference into `media/` there (export-media.ts). */
async function withMedia(db: JournalDb, request: ExportRequest, result: ExportResult): Promise<ExportResult> {
  if (!('dir' in request.out))
    return { ...result, mediaLeftOut: await countKeptMedia(db, request.ownerId, request.journal) };
  return {
    ...result,
    files: [...result.files, ...(await writeMediaFolder(db, request.ownerId, request.out.dir, request.journal))],
  };
}
