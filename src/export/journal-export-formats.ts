/**
 * The journal's own export formats as `npm run export` offers them (export-formats.ts): JSON, lossless and
 * re-importable, and Markdown to read; both written by exportJournal, into one file or a folder with media/.
 */
import path from 'node:path';
import type { JournalDb } from '../db/journal-database.ts';
import { DEFAULT_EXPORT_DIR } from './export-defaults.ts';
import { defaultExportName, exportJournal, type ExportFormat } from './export-journal.ts';
import { isFolderTarget, type ExportFormatModule, type FormatExportRequest } from './export-format-module.ts';

/** --out FILE, --out DIR/, or `journal-<owner>-<UTC time>.<format>` in data/exports/ (beside the journal's home). */
function target(request: FormatExportRequest, format: ExportFormat): { file: string } | { dir: string } {
  const { out } = request;
  if (out === undefined)
    return { file: path.resolve(DEFAULT_EXPORT_DIR, defaultExportName(request.ownerId, request.now, format)) };
  return isFolderTarget(out) ? { dir: out } : { file: out };
}

async function write(db: JournalDb, request: FormatExportRequest, format: ExportFormat) {
  const out = target(request, format);
  const { ownerId, timeZone, dayStartsAt, now, journal } = request;
  const result = await exportJournal(db, { ownerId, format, out, timeZone, dayStartsAt, now, journal });
  // In a folder, the media go to media/ beside the export: summed up, not listed a line per photo.
  const isMedia = (file: string) => 'dir' in out && path.basename(path.dirname(file)) === 'media';
  return {
    entries: result.entries,
    files: result.files.filter((f) => !isMedia(f.path)),
    media: result.files.filter((f) => isMedia(f.path)),
    mediaLeftOut: result.mediaLeftOut,
  };
}

export const jsonExportFormat: ExportFormatModule = {
  format: 'json',
  usage: '(default) every entry field, revisions, media and tags; npm run import of it rebuilds the journal',
  write: (db, request) => write(db, request, 'json'),
};

export const markdownExportFormat: ExportFormatModule = {
  format: 'md',
  usage: 'Markdown: a heading per day, each entry with its time, front matter with dates and tags',
  write: (db, request) => write(db, request, 'md'),
};
