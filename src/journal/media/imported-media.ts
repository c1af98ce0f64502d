/**
 * Media an import brings: the rows of entry_media for the entries a batch stored, and the bytes of their files copied
 * into the journal (db/media-blobs.ts) in the batch's own transaction, so a dry run or a failed batch leaves none. An
 * entry that already has its media (a re-import) gets nothing twice; one whose bytes were missing then gets them
 * when the files are there now.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { COLUMN_INDEX } from '../../db/store.ts';
import { writeBlob } from '../../db/media-blobs.ts';
import { containedFile } from '../contained-file.ts';
import { insertEntryMedia } from './entry-media.ts';
import { mimeTypeOf, type EntryMedia } from './media.ts';

export interface ImportedMediaCounts {
  /** Files whose bytes were copied in. */
  mediaKept: number;
  /** Media the import named but had no file for ("File not included", a missing photo): labels only. */
  mediaMissing: number;
}

interface RowWithMedia {
  values: unknown[];
  media?: EntryMedia[];
}

/** Adds the media of rows just written (found by their entry key) and copies their files' bytes in. */
export async function addImportedMedia(
  trx: Transaction<Database>,
  rows: readonly RowWithMedia[],
  now: Date,
  folder = '.',
): Promise<ImportedMediaCounts> {
  const counts = { mediaKept: 0, mediaMissing: 0 };
  if (rows.length === 0) return counts;
  const first = rows[0]!.values;
  const ownerId = first[COLUMN_INDEX.owner_id] as number;
  const keyOf = (chat: unknown, message: unknown) => `${String(chat)}:${String(message)}`;
  const entries = await trx
    .selectFrom('entry')
    .select(['id', 'chat_id', 'message_id'])
    .where('owner_id', '=', ownerId)
    .where('source', '=', first[COLUMN_INDEX.source] as 'live' | 'import')
    .where('chat_id', 'in', [...new Set(rows.map((r) => r.values[COLUMN_INDEX.chat_id] as number))])
    .where(
      'message_id',
      'in',
      rows.map((r) => r.values[COLUMN_INDEX.message_id] as number),
    )
    .execute();
  const idByKey = new Map(entries.map((e) => [keyOf(e.chat_id, e.message_id), e.id]));
  const existing = await trx
    .selectFrom('entry_media')
    .select(['id', 'entry_id', 'position', 'state'])
    .where('entry_id', 'in', entries.length > 0 ? entries.map((e) => e.id) : [-1])
    .orderBy('position')
    .execute();
  const stored = new Map<number, typeof existing>();
  for (const m of existing) stored.set(m.entry_id, [...(stored.get(m.entry_id) ?? []), m]);

  for (const row of rows) {
    const entryId = idByKey.get(keyOf(row.values[COLUMN_INDEX.chat_id], row.values[COLUMN_INDEX.message_id]));
    const media = row.media ?? [];
    if (entryId === undefined || media.length === 0) continue;
    const added = await addEntryMedia(trx, { id: entryId, ownerId }, media, { folder, now, held: stored.get(entryId) });
    counts.mediaKept += added.mediaKept;
    counts.mediaMissing += added.mediaMissing;
  }
  return counts;
}

/**
 * An imported entry's media: its rows (unless `held`, the rows it already has) and the bytes of each file found
 * under `folder`. A medium already kept is left alone.
 */
export async function addEntryMedia(
  trx: Transaction<Database>,
  entry: { id: number; ownerId: number },
  media: readonly EntryMedia[],
  { folder, now, held }: { folder: string; now: Date; held?: readonly { id: number; state: string }[] },
): Promise<ImportedMediaCounts> {
  const counts = { mediaKept: 0, mediaMissing: 0 };
  let rows = held;
  if (!rows) {
    const withTypes = media.map((m) => ({
      ...m,
      mimeType: m.mimeType ?? mimeTypeOf(m.fileName ?? m.sourcePath ?? null, m.kind),
    }));
    await insertEntryMedia(trx, entry, withTypes, 0, { now });
    rows = await trx
      .selectFrom('entry_media')
      .select(['id', 'state'])
      .where('entry_id', '=', entry.id)
      .orderBy('position')
      .execute();
    counts.mediaMissing += media.filter((m) => !m.sourcePath).length;
  }
  for (const [i, medium] of media.entries()) {
    const target = rows[i];
    if (!medium.sourcePath || !target || target.state === 'kept') continue;
    if (await keepFile(trx, target.id, folder, medium.sourcePath, now)) counts.mediaKept += 1;
    else counts.mediaMissing += 1;
  }
  return counts;
}

/**
 * Copies a file's bytes in as the medium's; false (and a note on the row) when the file is not there, or is not one
 * an import may read (contained-file.ts: outside the folder, a link, a device).
 */
async function keepFile(
  trx: Transaction<Database>,
  mediaId: number,
  folder: string,
  relative: string,
  now: Date,
): Promise<boolean> {
  const file = containedFile(folder, relative);
  if (file === null) {
    await trx
      .updateTable('entry_media')
      .set({ note: `${path.basename(relative)} was not in the imported folder` })
      .where('id', '=', mediaId)
      .execute();
    return false;
  }
  await keepMediaBytes(trx, mediaId, createReadStream(file), now);
  return true;
}

/**
 * Stores a medium's bytes it already has (an imported file, a photo written in the web view, the demo's pictures) and
 * marks its row kept, in the caller's transaction: the one path for bytes that need no download.
 */
export async function keepMediaBytes(
  trx: Transaction<Database>,
  mediaId: number,
  bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  now: Date,
): Promise<void> {
  await writeBlob(trx, mediaId, bytes, {
    now,
    onKept: async (t, blob) => {
      await t
        .updateTable('entry_media')
        .set({ sha256: blob.sha256, size: blob.size, state: 'kept', note: null, next_at: null })
        .where('id', '=', mediaId)
        .execute();
    },
  });
}
