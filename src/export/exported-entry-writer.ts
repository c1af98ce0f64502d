/**
 * The one write path of both re-imports of the journal's own export (JSON: import-journal-export.ts; Markdown:
 * import-markdown-export.ts), and the report they count into: a batch of exported entries, each with its revisions,
 * tags, prompt and media, and the export's moods, in one transaction. Row by row, to keep ids where free; an entry
 * already there (same owner, source, chat and message) is left as it is.
 */
import { searchTextOf } from '../db/search/search-text.ts';
import type { Transaction } from 'kysely';
import type { JournalDb } from '../db/journal-database.ts';
import type { Database } from '../db/schema.ts';
import { metadataText } from '../journal/entries/metadata-text.ts';
import { telegramSourceId } from '../journal/entries/entry-source.ts';
import { insertTags } from '../journal/tags/entry-tags.ts';
import { cleanJournalName } from '../journal/journal-names.ts';
import { addEntryMedia } from '../journal/media/imported-media.ts';
import type { EntryMedia } from '../journal/media/media.ts';
import type { ExportedEntry, ExportedMood } from './journal-export-format.ts';
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
      const media = await addEntryMedia(trx, { id, ownerId }, mediaOfExported(entry), {
        folder: mediaFolder,
        now: new Date(),
      });
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
      search_text: searchTextOf(e.title, e.content),
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
