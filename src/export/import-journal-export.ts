/**
 * Re-imports the journal's own JSON export (journal-export-format.ts): every field as exported (ids kept where free,
 * local days and times as they were, revisions, tags, media), streamed in bounded memory, in batches that commit
 * whole. An entry already there (same owner, source, chat and message) is left as it is, so a repeat adds nothing.
 * A damaged entry (one the schema refuses, or whose local day and time do not follow from its instant:
 * entry-date-check.ts) or mood is skipped and named, as every importer does; the others are imported.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { JSONParser } from '@streamparser/json';
import path from 'node:path';
import type { JournalDb } from '../db/journal-database.ts';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportedEntrySchema,
  readExportedMoods,
  type ExportedEntry,
  type ExportedMood,
} from './journal-export-format.ts';
import { entryDateProblem, exportClockOf, type ExportClock } from './entry-date-check.ts';
import { errorReason } from '../log/error-message.ts';
import { emptyImportReport, writeBatch, type JournalImportReport } from './exported-entry-writer.ts';

/** True when the file begins like one of our exports (whitespace and a BOM allowed). */
export async function isJournalExport(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return false; // a missing file is the Telegram importer's to report
  }
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return new RegExp(`^\\s*\\{\\s*"format"\\s*:\\s*"${EXPORT_FORMAT}"`).test(head);
  } finally {
    await handle.close();
  }
}

const BATCH = 500;

/** `ownerId`: whose journal it goes into (default the export's own); `into`: one journal for every entry (`--into`). */
export async function importJournalExport(
  db: JournalDb,
  file: string,
  options: { ownerId?: number; into?: string } = {},
): Promise<JournalImportReport> {
  const report = emptyImportReport(options.ownerId ?? null);
  // The media/ folder an export to a folder wrote beside its JSON.
  const folder = path.dirname(path.resolve(file));
  const header: {
    format?: unknown;
    version?: unknown;
    owner_id?: unknown;
    time_zone?: unknown;
    day_starts_at?: unknown;
  } = {};
  // The zone and day start the entries' days follow (undefined until the first entry; null in exports without them).
  let clock: ExportClock | null | undefined;
  // Moods come in the header, before the entries; written with the first batch (or alone, without entries).
  let moods: ExportedMood[] | null = null;
  let batch: ExportedEntry[] = [];
  let fault: string | null = null;

  const parser = new JSONParser({
    paths: ['$.format', '$.version', '$.owner_id', '$.time_zone', '$.day_starts_at', '$.moods', '$.entries.*'],
    keepStack: false,
    stringBufferSize: 64 * 1024,
  });
  parser.onValue = ({ value, key, parent }) => {
    if (fault) return;
    if (typeof key === 'string') {
      if (key === 'moods') {
        const read = readExportedMoods(value);
        report.damaged.push(...read.damaged);
        moods = read.moods;
        return;
      }
      (header as Record<string, unknown>)[key] = value;
      return;
    }
    if (header.format !== EXPORT_FORMAT || header.version !== EXPORT_VERSION) {
      fault = `is not a journal export this version reads (format ${JSON.stringify(header.format)}, version ${JSON.stringify(header.version)}; expected "${EXPORT_FORMAT}" version ${EXPORT_VERSION} before "entries")`;
      return;
    }
    if (clock === undefined) {
      const read = header.time_zone === undefined ? null : exportClockOf(header.time_zone, header.day_starts_at);
      if (typeof read === 'string') {
        fault = read;
        return;
      }
      clock = read;
    }
    report.ownerId ??= typeof header.owner_id === 'number' ? header.owner_id : null;
    report.entries += 1;
    const parsed = exportedEntrySchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      report.damaged.push(`entry ${report.entries}${idOf(value)}: ${issue.path.join('.') || 'entry'} ${issue.message}`);
      return;
    }
    const problem = entryDateProblem(parsed.data, clock);
    if (problem) {
      report.damaged.push(`entry ${report.entries}${idOf(value)}: ${problem}`);
      return;
    }
    batch.push(parsed.data);
    void parent;
  };

  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
      parser.write(chunk as Buffer);
      if (fault) break;
      if (batch.length >= BATCH) {
        await writeBatch(db, { entries: batch, report, mediaFolder: folder, moods: moods ?? [], into: options.into });
        moods = null;
        batch = [];
      }
    }
    if (!fault && report.ownerId === null && typeof header.owner_id === 'number') report.ownerId = header.owner_id;
    if (!fault && report.ownerId === null) fault = 'names no owner_id before its entries';
    if (!fault)
      await writeBatch(db, { entries: batch, report, mediaFolder: folder, moods: moods ?? [], into: options.into });
  } catch (error) {
    fault ??= errorReason(error);
  }
  report.error = fault;
  return report;
}

/** ` (id 17)` when a damaged entry still has a readable id, so the person can find it in the file. */
function idOf(value: unknown): string {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'number' || (typeof id === 'string' && id.length <= 40) ? ` (id ${String(id)})` : '';
}
