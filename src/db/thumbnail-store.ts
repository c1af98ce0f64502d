/**
 * Pictures made from kept media (media_thumbnail), by the original's sha256 and what was made: made once, read after.
 * In the database beside the media, so backups and JOURNAL_KEY cover them as they cover the photos; deleted with
 * their blob (media-blobs.ts deleteOrphanBlobs). A row without data records an original past the decoding budget.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface StoredPicture {
  mimeType: string | null;
  width: number | null;
  height: number | null;
  /** Null: the original is over the budget; nothing was made. */
  data: Buffer | null;
}

export async function readPicture(
  db: Kysely<Database>,
  sha256: string,
  variant: string,
): Promise<StoredPicture | undefined> {
  const row = await db
    .selectFrom('media_thumbnail')
    .select(['mime_type', 'width', 'height', 'data'])
    .where('sha256', '=', sha256)
    .where('variant', '=', variant)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    mimeType: row.mime_type,
    width: row.width,
    height: row.height,
    data: row.data === null ? null : Buffer.from(row.data),
  };
}

export async function keepPicture(
  db: Kysely<Database>,
  sha256: string,
  variant: string,
  picture: StoredPicture,
  now: Date,
): Promise<void> {
  await db
    .insertInto('media_thumbnail')
    .values({
      sha256,
      variant,
      mime_type: picture.mimeType,
      width: picture.width,
      height: picture.height,
      data: picture.data,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['sha256', 'variant']).doNothing())
    .execute();
}
