/**
 * An entry's media as rows of entry_media: written with the entry (capture, albums, imports), read by the views, the
 * web view, the CLI and the model. A live medium with a Telegram file_id is queued for download at once (its bytes
 * arrive through media-downloads.ts); one larger than MEDIA_MAX_BYTES stays a Telegram reference and says so.
 */
import type { Kysely } from 'kysely';
import type { Database, MediaState } from '../../db/schema.ts';
import { DEFAULT_MEDIA_MAX_BYTES, formatBytes, type EntryMedia, type MediaKind } from './media.ts';

export interface MediaRowOptions {
  /** MEDIA_MAX_BYTES: a larger file is not downloaded. */
  mediaMaxBytes?: number;
  now: Date;
}

/** What a stored medium says about itself, without its bytes. */
export interface StoredMedia {
  id: number;
  entryId: number;
  position: number;
  kind: MediaKind;
  state: MediaState;
  sha256: string | null;
  mimeType: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  fileName: string | null;
  fileId: string | null;
  note: string | null;
}

/** Whether a medium is downloaded, and if not, why. */
function stateOf(
  medium: EntryMedia,
  options: MediaRowOptions,
): { state: MediaState; note: string | null; next_at: string | null } {
  const max = options.mediaMaxBytes ?? DEFAULT_MEDIA_MAX_BYTES;
  if (medium.missing) return { state: 'reference', note: medium.missing, next_at: null };
  if (medium.fileId === null) return { state: 'reference', note: 'no bytes came with it', next_at: null };
  if (medium.fileSize !== null && medium.fileSize > max) {
    return {
      state: 'reference',
      note: `larger than MEDIA_MAX_BYTES (${formatBytes(max)}): kept as a Telegram reference only`,
      next_at: null,
    };
  }
  return { state: 'pending', note: null, next_at: options.now.toISOString() };
}

/** Adds media to an entry from `position` on (an album's later photos continue its numbering). */
export async function insertEntryMedia(
  db: Kysely<Database>,
  entry: { id: number; ownerId: number },
  media: readonly EntryMedia[],
  position: number,
  options: MediaRowOptions,
): Promise<void> {
  if (media.length === 0) return;
  await db
    .insertInto('entry_media')
    .values(
      media.map((m, i) => ({
        entry_id: entry.id,
        owner_id: entry.ownerId,
        position: position + i,
        kind: m.kind,
        sha256: null,
        mime_type: m.mimeType ?? null,
        size: m.fileSize,
        width: m.width ?? null,
        height: m.height ?? null,
        duration_seconds: m.durationSeconds,
        file_name: m.fileName,
        file_id: m.fileId,
        // An import's file is copied in by the importer right after: reference until then.
        ...(m.sourcePath ? { state: 'reference' as const, note: null, next_at: null } : stateOf(m, options)),
        last_error: null,
      })),
    )
    .execute();
}

/** The next free position of an entry's media. */
export async function nextMediaPosition(db: Kysely<Database>, entryId: number): Promise<number> {
  const row = await db
    .selectFrom('entry_media')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('entry_id', '=', entryId)
    .executeTakeFirst();
  return row?.last == null ? 0 : Number(row.last) + 1;
}

const STORED_COLUMNS = [
  'id',
  'entry_id',
  'position',
  'kind',
  'state',
  'sha256',
  'mime_type',
  'size',
  'width',
  'height',
  'duration_seconds',
  'file_name',
  'file_id',
  'note',
] as const;

const asStored = (r: Record<string, unknown>): StoredMedia => ({
  id: Number(r.id),
  entryId: Number(r.entry_id),
  position: Number(r.position),
  kind: r.kind as MediaKind,
  state: r.state as MediaState,
  sha256: (r.sha256 as string | null) ?? null,
  mimeType: (r.mime_type as string | null) ?? null,
  size: r.size == null ? null : Number(r.size),
  width: (r.width as number | null) ?? null,
  height: (r.height as number | null) ?? null,
  durationSeconds: (r.duration_seconds as number | null) ?? null,
  fileName: (r.file_name as string | null) ?? null,
  fileId: (r.file_id as string | null) ?? null,
  note: (r.note as string | null) ?? null,
});

/** The media of the owner's entries among `entryIds`, each entry's in order; another owner's ids find nothing. */
export async function listEntryMedia(
  db: Kysely<Database>,
  ownerId: number,
  entryIds: readonly number[],
): Promise<Map<number, StoredMedia[]>> {
  const found = new Map<number, StoredMedia[]>();
  if (entryIds.length === 0) return found;
  const rows = await db
    .selectFrom('entry_media')
    .select([...STORED_COLUMNS])
    .where('owner_id', '=', ownerId)
    .where('entry_id', 'in', [...entryIds])
    .orderBy('entry_id')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const medium = asStored(r);
    const list = found.get(medium.entryId) ?? [];
    list.push(medium);
    found.set(medium.entryId, list);
  }
  return found;
}

/** The owner's entry's medium at `index` (0 first), or undefined. */
export async function entryMediumAt(
  db: Kysely<Database>,
  ownerId: number,
  entryId: number,
  index: number,
): Promise<StoredMedia | undefined> {
  const row = await db
    .selectFrom('entry_media')
    .select([...STORED_COLUMNS])
    .where('owner_id', '=', ownerId)
    .where('entry_id', '=', entryId)
    .orderBy('position')
    .offset(index)
    .limit(1)
    .executeTakeFirst();
  return row ? asStored(row) : undefined;
}

/** The medium of the owner whose bytes are `sha256`, if any (the web view serves bytes by their hash). */
export async function ownerMediumBySha(
  db: Kysely<Database>,
  ownerId: number,
  sha256: string,
): Promise<StoredMedia | undefined> {
  const row = await db
    .selectFrom('entry_media')
    .select([...STORED_COLUMNS])
    .where('owner_id', '=', ownerId)
    .where('sha256', '=', sha256)
    .limit(1)
    .executeTakeFirst();
  return row ? asStored(row) : undefined;
}
