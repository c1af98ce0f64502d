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
import type { Transaction } from 'kysely';
import type { JournalDb } from '../db/open-database.ts';
import type { Database } from '../db/schema.ts';
import { metadataText } from '../journal/entries/metadata-text.ts';
import { telegramSourceId } from '../journal/entries/entry-source.ts';
import { insertTags } from '../journal/tags/entry-tags.ts';
import { cleanJournalName } from '../journal/journals/journal-names.ts';
import { addEntryMedia } from '../journal/media/imported-media.ts';
import type { EntryMedia } from '../journal/media/media.ts';
import path from 'node:path';
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
import { NOT_EXPORTED_NOTE } from './read-journal.ts';
import { setEntryPrompt } from '../journal/prompts/prompt-store.ts';

export interface JournalImportReport {
  ownerId: number | null;
  entries: number;
  imported: number;
  alreadyPresent: number;
  /** Entries skipped as damaged, each named by its place in the file, its id when it has one, and what is wrong. */
  damaged: string[];
  /** Media files copied in from the export's media/ folder, and media it names without a file (labels only). */
  mediaKept: number;
  mediaMissing: number;
  /** What else it brought: the days whose mood it set (a day already set is kept), answers to prompts, entries per journal ('' the main one). */
  moods: ExportedMood[];
  prompts: number;
  journals: Record<string, number>;
  /** A fault that stopped the import: whole batches before it are kept. */
  error: string | null;
}

/** A report with nothing counted yet. */
export function emptyImportReport(ownerId: number | null): JournalImportReport {
  return {
    ownerId,
    entries: 0,
    imported: 0,
    alreadyPresent: 0,
    damaged: [],
    mediaKept: 0,
    mediaMissing: 0,
    moods: [],
    prompts: 0,
    journals: {},
    error: null,
  };
}

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

/** One batch of an export's import (JSON or Markdown): what writeBatch writes and where it counts it. */
export interface ExportBatch {
  entries: readonly ExportedEntry[];
  /** Counts what was written; its ownerId (set by then) is whose journal it goes into. */
  report: JournalImportReport;
  /** The folder the entries' media paths (`media/<sha256>.<extension>`) are relative to: the export's own. */
  mediaFolder: string;
  /** Moods to set (those of the export's header or front matter); a day already set is kept. */
  moods?: readonly ExportedMood[];
  /** `--into`: one journal for every entry, whatever the export says. */
  into?: string;
}

/** Writes a batch of exported entries (with their media) and moods in one transaction: the one write path of both imports. */
export async function writeBatch(db: JournalDb, batch: ExportBatch): Promise<void> {
  const { entries, report, mediaFolder, moods = [], into } = batch;
  if (entries.length === 0 && moods.length === 0) return;
  const ownerId = report.ownerId!;
  await db.transaction().execute(async (trx) => {
    // A mood already set for a day is kept, as an entry already there is.
    for (const m of moods) {
      const set = await trx
        .insertInto('mood')
        .values({ owner_id: ownerId, local_day: m.day, mood: m.mood, set_at: m.set_at })
        .onConflict((oc) => oc.columns(['owner_id', 'local_day']).doNothing())
        .executeTakeFirst();
      if (Number(set.numInsertedOrUpdatedRows ?? 0) > 0) report.moods.push(m);
    }
    for (const entry of entries) {
      const id = await writeEntry(trx, ownerId, entry, into);
      if (id === null) {
        report.alreadyPresent += 1;
        continue;
      }
      report.imported += 1;
      const journal = into ?? cleanJournalName(entry.journal ?? '');
      report.journals[journal] = (report.journals[journal] ?? 0) + 1;
      if (entry.prompt !== undefined) report.prompts += 1;
      const media = await addEntryMedia(trx, { id, ownerId }, mediaOfExported(entry), mediaFolder, new Date());
      report.mediaKept += media.mediaKept;
      report.mediaMissing += media.mediaMissing;
    }
    // Ids were kept: the next entry captured live must not be handed one of them.
    await db.store.afterExplicitIds(trx, 'entry');
    await db.store.afterExplicitIds(trx, 'entry_revision');
  });
}

/** An exported entry's media as the import stores them: every item (or version 1's one medium), files by path. */
function mediaOfExported(e: ExportedEntry): EntryMedia[] {
  if (e.media_items) {
    return e.media_items.map((m) => ({
      kind: m.kind,
      fileId: m.file_id,
      fileName: m.file_name,
      durationSeconds: m.duration_seconds,
      fileSize: m.size,
      mimeType: m.mime_type,
      width: m.width,
      height: m.height,
      ...(m.path ? { sourcePath: m.path } : { missing: m.note ?? NOT_EXPORTED_NOTE }),
    }));
  }
  if (!e.media) return [];
  const m = e.media;
  return [
    {
      kind: m.kind,
      fileId: m.file_id,
      fileName: m.file_name,
      durationSeconds: m.duration_seconds,
      fileSize: m.file_size,
      missing: 'exported without its bytes',
    },
  ];
}

/** Writes one entry with its revisions, tags and journal (or `into`'s); its id, or null if it was already there. */
async function writeEntry(
  trx: Transaction<Database>,
  ownerId: number,
  e: ExportedEntry,
  into: string | undefined,
): Promise<number | null> {
  const existing = await trx
    .selectFrom('entry')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('source', '=', e.source)
    .where('chat_id', '=', e.chat_id)
    .where('message_id', '=', e.message_id)
    .executeTakeFirst();
  if (existing) return null;
  // The exported id is kept when it is free (always, in an empty database), so ids in notes and handles still hold.
  const idTaken = await trx.selectFrom('entry').select('id').where('id', '=', e.id).executeTakeFirst();
  const { id } = await trx
    .insertInto('entry')
    .values({
      ...(idTaken ? {} : { id: e.id }),
      owner_id: ownerId,
      source: e.source,
      chat_id: e.chat_id,
      message_id: e.message_id,
      written_at: e.written_at,
      local_day: e.local_day,
      local_time: e.local_time,
      title: e.title,
      content: e.content,
      edited_at: e.edited_at,
      created_at: e.created_at,
      transcribed_at: e.media?.transcribed_at ?? null,
      source_app: e.source_app ?? 'telegram',
      source_id: e.source_id ?? (e.source_app === undefined ? telegramSourceId(e.chat_id, e.message_id) : null),
      metadata: metadataText(e.metadata),
      journal: into ?? cleanJournalName(e.journal ?? ''),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const r of e.revisions) {
    const revisionTaken = await trx.selectFrom('entry_revision').select('id').where('id', '=', r.id).executeTakeFirst();
    await trx
      .insertInto('entry_revision')
      .values({
        ...(revisionTaken ? {} : { id: r.id }),
        entry_id: id,
        title: r.title,
        content: r.content,
        replaced_at: r.replaced_at,
      })
      .execute();
  }
  await insertTags(trx, { id, ownerId }, e.tags);
  if (e.prompt !== undefined) await setEntryPrompt(trx, { id, ownerId }, e.prompt);
  return id;
}
