/**
 * A voice or video note's transcript as its entry's text: the last step of a transcription job (media/
 * transcription-jobs.ts queues and claims them; src/transcription/ fetches and transcribes the note).
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { replaceTags } from '../tags/entry-tags.ts';
import { writeEntryText } from './entry.ts';

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
