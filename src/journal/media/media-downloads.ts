/**
 * Media downloads as durable jobs: a row of entry_media in state `pending` is a job due at `next_at`. A worker claims
 * it (moving `next_at` past the work, naming itself in `claimed_by`), streams the bytes into the media store, and
 * marks it kept; a failure only postpones it with growing pauses (a full disk, a lost connection, a slow server), so
 * capture never waits and no entry is lost: the label stays until the bytes arrive.
 */
import type { Kysely } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import type { Database } from '../../db/schema.ts';
import { MediaTooLargeError, writeBlob } from '../../db/media-blobs.ts';
import { retryBackoffMs } from './job-loop.ts';
import { formatBytes, type MediaKind } from './media.ts';
import { errorReason } from '../../log/error-message.ts';

export interface DueDownload {
  id: number;
  entryId: number;
  kind: MediaKind;
  fileId: string;
  attempts: number;
  /** When it was due, as read: a claim succeeds only while it is still that. */
  nextAt: string;
}

export async function dueDownloads(db: Kysely<Database>, now: Date, limit: number): Promise<DueDownload[]> {
  const rows = await db
    .selectFrom('entry_media')
    .select(['id', 'entry_id', 'kind', 'file_id', 'attempts', 'next_at'])
    .where('state', '=', 'pending')
    .where('next_at', 'is not', null)
    .where('next_at', '<=', now.toISOString())
    .where('file_id', 'is not', null)
    .orderBy('next_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    entryId: r.entry_id,
    kind: r.kind,
    fileId: r.file_id!,
    attempts: r.attempts,
    nextAt: r.next_at!,
  }));
}

/** Takes a due download until `until` for `holder`; false when another worker took it first. */
export async function claimDownload(
  db: Kysely<Database>,
  job: DueDownload,
  holder: string,
  until: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('entry_media')
    .set({ next_at: until.toISOString(), claimed_by: holder })
    .where('id', '=', job.id)
    .where('state', '=', 'pending')
    .where('next_at', '=', job.nextAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** At start: downloads this instance claimed before a stop or crash are due again now. */
export async function releaseDownloads(db: Kysely<Database>, holder: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('entry_media')
    .set({ next_at: now.toISOString(), claimed_by: null })
    .where('state', '=', 'pending')
    .where('claimed_by', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Streams the bytes in as the medium's (content-addressed; the same bytes are kept once) and marks it kept. */
export async function keepDownload(
  db: JournalDb,
  job: DueDownload,
  bytes: AsyncIterable<Uint8Array>,
  options: { now: Date; maxBytes: number; mimeType?: string | null },
): Promise<{ sha256: string; size: number }> {
  return writeBlob(db, job.id, bytes, {
    now: options.now,
    maxBytes: options.maxBytes,
    onKept: async (trx, blob) => {
      await trx
        .updateTable('entry_media')
        .set((eb) => ({
          sha256: blob.sha256,
          size: blob.size,
          state: 'kept',
          note: null,
          next_at: null,
          claimed_by: null,
          last_error: null,
          mime_type: options.mimeType ? eb.fn.coalesce('mime_type', eb.val(options.mimeType)) : eb.ref('mime_type'),
        }))
        .where('id', '=', job.id)
        .execute();
    },
  });
}

/** Pauses between attempts: 5 s, 10, 20, … up to 6 hours; never dropped for a passing fault. */
export function downloadRetryMs(attempts: number): number {
  return retryBackoffMs(attempts, 5_000);
}

export async function postponeDownload(
  db: Kysely<Database>,
  job: DueDownload,
  error: string,
  now: Date,
): Promise<Date> {
  const attempts = job.attempts + 1;
  const next = new Date(now.getTime() + downloadRetryMs(attempts));
  await db
    .updateTable('entry_media')
    .set({ attempts, next_at: next.toISOString(), claimed_by: null, last_error: error.slice(0, 500) })
    .where('id', '=', job.id)
    .where('state', '=', 'pending')
    .execute();
  return next;
}

/** A fault no retry mends (Telegram will not serve it, it is over MEDIA_MAX_BYTES): a reference, saying why. */
export async function giveUpDownload(db: Kysely<Database>, job: DueDownload, why: string): Promise<void> {
  await db
    .updateTable('entry_media')
    .set({ state: 'reference', note: why.slice(0, 500), next_at: null, claimed_by: null })
    .where('id', '=', job.id)
    .execute();
}

/** Why a download stopped for good, in the words the entry keeps. */
export function givenUpNote(error: unknown, maxBytes: number): string {
  if (error instanceof MediaTooLargeError)
    return `larger than MEDIA_MAX_BYTES (${formatBytes(maxBytes)}): kept as a Telegram reference only`;
  return `Telegram would not serve it (${errorReason(error)}): kept as a Telegram reference only`;
}
