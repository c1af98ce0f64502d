/**
 * Transcription jobs: a voice or video note without a caption waits in transcription_job until its transcript is the
 * entry's content. A failed attempt only postpones the job (with growing pauses); the entry keeps its label meanwhile.
 */
import type { Kysely } from 'kysely';
import type { JournalDb } from '../../db/open-database.ts';
import type { Database } from '../../db/schema.ts';
import { writeEntryText, type EntryDraft } from '../entries/entry.ts';
import { replaceTags } from '../tags/entry-tags.ts';
import { isSpeech, mediaLabel } from './media.ts';
import { HOUR_MS } from '../dates/durations.ts';

/** The cloud Bot API's getFile serves files up to 20 MB: bigger notes cannot be fetched, so they are not queued. */
export const MAX_TRANSCRIBE_BYTES = 20 * 1024 * 1024;

/** Queues a stored draft for transcription if it is a voice or video note whose content is still its label. */
export async function queueTranscriptionIfSpeech(
  db: Kysely<Database>,
  entryId: number,
  draft: EntryDraft,
  now: Date,
): Promise<boolean> {
  const media = draft.media?.[0];
  if (!media || !isSpeech(media.kind) || media.fileId === null) return false;
  if ((media.fileSize ?? 0) > MAX_TRANSCRIBE_BYTES || draft.text !== mediaLabel(media)) return false;
  await db
    .insertInto('transcription_job')
    .values({ entry_id: entryId, next_at: now.toISOString(), last_error: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

export interface DueTranscription {
  entryId: number;
  ownerId: number;
  fileId: string;
  kind: string;
  attempts: number;
  /** When the job was due, as read: a claim succeeds only while it is still that (see claimTranscription). */
  nextAt: string;
}

export async function dueTranscriptions(db: JournalDb, now: Date, limit: number): Promise<DueTranscription[]> {
  const rows = await db
    .selectFrom('transcription_job as j')
    .innerJoin('entry_media as m', (join) => join.onRef('m.entry_id', '=', 'j.entry_id').on('m.position', '=', 0))
    .select(['j.entry_id', 'm.owner_id', 'm.file_id', 'm.kind', 'j.attempts', 'j.next_at'])
    .where('j.next_at', '<=', now.toISOString())
    .orderBy('j.next_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    entryId: r.entry_id,
    ownerId: r.owner_id,
    fileId: r.file_id ?? '',
    kind: r.kind,
    attempts: r.attempts,
    nextAt: r.next_at,
  }));
}

/**
 * Takes a due job for one worker until `until`, so instances sharing the database never transcribe one note twice
 * (the endpoint may be paid per minute of audio). The claim moves the job's due time past the work: it succeeds only
 * if the due time is still what `dueTranscriptions` read, which one of two racing workers changes first (SQLite
 * writes one at a time; PostgreSQL re-checks the row after the other's update commits). A worker that dies holding a
 * claim leaves the job due again at `until`; completing, postponing or dropping it ends the claim.
 */
export async function claimTranscription(db: JournalDb, job: DueTranscription, until: Date): Promise<boolean> {
  const result = await db
    .updateTable('transcription_job')
    .set({ next_at: until.toISOString() })
    .where('entry_id', '=', job.entryId)
    .where('next_at', '=', job.nextAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The transcript becomes the content (and title, and tags); the media kind stays. An entry edited meanwhile keeps its text. */
export async function completeTranscription(
  db: JournalDb,
  entryId: number,
  transcript: string,
  now: Date,
): Promise<'transcribed' | 'kept'> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('transcription_job').where('entry_id', '=', entryId).execute();
    const entry = await trx
      .selectFrom('entry')
      .select(['owner_id', 'edited_at'])
      .where('id', '=', entryId)
      .executeTakeFirst();
    const text = transcript.trim();
    if (!entry || entry.edited_at !== null || text === '') return 'kept';
    await writeEntryText(trx, entryId, text, { transcribed_at: now.toISOString() });
    await replaceTags(trx, { id: entryId, ownerId: entry.owner_id }, text);
    return 'transcribed';
  });
}

/** Pauses between attempts: 1 min, 2, 4, … up to 6 hours; the job is never dropped for a passing fault. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * HOUR_MS);
}

export async function postponeTranscription(
  db: JournalDb,
  job: DueTranscription,
  error: string,
  now: Date,
): Promise<Date> {
  const attempts = job.attempts + 1;
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  await db
    .updateTable('transcription_job')
    .set({ attempts, next_at: next.toISOString(), last_error: error.slice(0, 500) })
    .where('entry_id', '=', job.entryId)
    .execute();
  return next;
}

/** A fault no retry can mend (the file is too big to fetch): the entry keeps its label, the job goes. */
export async function dropTranscription(db: JournalDb, entryId: number): Promise<void> {
  await db.deleteFrom('transcription_job').where('entry_id', '=', entryId).execute();
}
