/**
 * The bytes of media, kept in the journal's own database (SQLite or PostgreSQL): content-addressed by sha256, one
 * copy whichever entries hold them, and written and read in chunks of CHUNK_BYTES so memory stays flat for a 20 MB
 * video as for a photo. In the database because that is what is encrypted (JOURNAL_KEY), backed up (`npm run backup`),
 * shared by every instance (PostgreSQL), and zeroed when deleted (SQLite's secure_delete): no file of its own to keep,
 * encrypt or forget.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** 256 KiB: a row small enough for any page cache, few enough rows for a 20 MB file (80). */
export const CHUNK_BYTES = 256 * 1024;

const PARTIAL = 'partial:';

/** Where a blob's chunks sit while it is written: one place per writer (an entry_media id), cleared at each attempt. */
export const partialBlobKey = (writer: number | string): string => `${PARTIAL}${writer}`;

/** Re-cuts a stream of byte arrays into CHUNK_BYTES pieces (the last shorter). */
async function* rechunk(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let held = 0;
  for await (const piece of source) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (held + rest.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - held;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      held = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      // A copy: the source may reuse its buffer for the next piece.
      pending.push(Buffer.from(rest));
      held += rest.length;
    }
  }
  if (held > 0) yield Buffer.concat(pending);
}

export interface KeptBlob {
  sha256: string;
  size: number;
}

export interface WriteBlobOptions {
  /** Bytes beyond this stop the write (a MediaTooLargeError); null for no bound. */
  maxBytes?: number | null;
  now: Date;
  /** Runs in the transaction that makes the blob whole, with its sha256: the caller records who holds it. */
  onKept?: (trx: Transaction<Database>, blob: KeptBlob) => Promise<void>;
}

/** The bytes are more than the bound a write was given. */
export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
    this.name = 'MediaTooLargeError';
  }
}

/**
 * Writes a stream of bytes as a blob: chunks under the writer's partial key as they come (hashing them), then in one
 * transaction the chunks take the sha256 as their key, unless the same bytes are already kept (then they go). A
 * failure (a full disk, a cut connection) leaves partial chunks only; the next attempt with the same key clears them.
 */
export async function writeBlob(
  db: Kysely<Database>,
  writer: number | string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: WriteBlobOptions,
): Promise<KeptBlob> {
  const partial = partialBlobKey(writer);
  await db.deleteFrom('media_chunk').where('blob', '=', partial).execute();
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  try {
    for await (const chunk of rechunk(source)) {
      size += chunk.length;
      if (options.maxBytes != null && size > options.maxBytes) throw new MediaTooLargeError(options.maxBytes);
      hash.update(chunk);
      await db.insertInto('media_chunk').values({ blob: partial, seq, data: chunk }).execute();
      seq += 1;
    }
  } catch (error) {
    await db
      .deleteFrom('media_chunk')
      .where('blob', '=', partial)
      .execute()
      .catch(() => undefined);
    throw error;
  }
  const sha256 = hash.digest('hex');
  const blob = { sha256, size };
  // Inside an import's transaction the blob is made whole in it; otherwise in a transaction of its own.
  const finish = async (trx: Transaction<Database>) => {
    const known = await trx.selectFrom('media_blob').select('sha256').where('sha256', '=', sha256).executeTakeFirst();
    if (known) await trx.deleteFrom('media_chunk').where('blob', '=', partial).execute();
    else {
      await trx.updateTable('media_chunk').set({ blob: sha256 }).where('blob', '=', partial).execute();
      await trx.insertInto('media_blob').values({ sha256, size, created_at: options.now.toISOString() }).execute();
    }
    await options.onKept?.(trx, blob);
  };
  await (db.isTransaction ? finish(db as Transaction<Database>) : db.transaction().execute(finish));
  return blob;
}

/** Whether the bytes of `sha256` are kept. */
export async function hasBlob(db: Kysely<Database>, sha256: string): Promise<boolean> {
  return (
    (await db.selectFrom('media_blob').select('sha256').where('sha256', '=', sha256).executeTakeFirst()) !== undefined
  );
}

/** A kept blob's bytes, a chunk at a time (one row read per chunk); nothing when it is not kept. */
export async function* readBlob(db: Kysely<Database>, sha256: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const row = await db
      .selectFrom('media_chunk')
      .select('data')
      .where('blob', '=', sha256)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    const data = row.data;
    yield Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
}

/** A kept blob's bytes in one buffer: for what must hold them whole anyway (an image to scale, a response). */
export async function readBlobWhole(db: Kysely<Database>, sha256: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readBlob(db, sha256)) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * Deletes blobs no entry_media row names any longer, and partial chunks whose writer is gone: after entries are
 * forgotten (their media rows go with them), bytes another kept entry holds stay. Returns how many blobs went.
 */
export async function deleteOrphanBlobs(trx: Kysely<Database>): Promise<number> {
  const held = trx.selectFrom('entry_media').select('sha256').where('sha256', 'is not', null);
  const orphans = await trx
    .selectFrom('media_blob')
    .select('sha256')
    .where('sha256', 'not in', held as never)
    .execute();
  for (const { sha256 } of orphans) {
    await trx.deleteFrom('media_chunk').where('blob', '=', sha256).execute();
    // The pictures made from them (thumbnails, the model's view) go with them.
    await trx.deleteFrom('media_thumbnail').where('sha256', '=', sha256).execute();
    await trx.deleteFrom('media_blob').where('sha256', '=', sha256).execute();
  }
  const writers = trx.selectFrom('entry_media').select(sql<string>`${PARTIAL} || cast(id as text)`.as('key'));
  await trx
    .deleteFrom('media_chunk')
    .where('blob', 'like', `${PARTIAL}%`)
    .where('blob', 'not in', writers as never)
    .execute();
  return orphans.length;
}
