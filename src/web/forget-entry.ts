/**
 * MINIMAL STAND-IN until src/journal/forget.ts (issue 20, engineer 20a) is on main. Same signature as its
 * forgetEntry(db, ownerId, entryId), and a subset of its result: deletes the owner's entry with its revisions, tags
 * and transcription job in one transaction (the FTS index follows by trigger). It does not purge freed pages nor
 * traces elsewhere (ask cache, inbox); the merge replaces this file with a re-export of the real one.
 */
import type { JournalDb } from '../db/open-database.ts';

export type ForgetEntryResult = { type: 'forgotten'; entryId: number; day: string } | { type: 'not-found'; entryId: number };

export async function forgetEntry(db: JournalDb, ownerId: number, entryId: number): Promise<ForgetEntryResult> {
  return db.transaction().execute(async (trx) => {
    const entry = await trx.selectFrom('entry').select(['id', 'local_day']).where('owner_id', '=', ownerId).where('id', '=', entryId).executeTakeFirst();
    if (!entry) return { type: 'not-found', entryId };
    await trx.deleteFrom('entry_revision').where('entry_id', '=', entryId).execute();
    await trx.deleteFrom('entry_tag').where('entry_id', '=', entryId).execute();
    await trx.deleteFrom('transcription_job').where('entry_id', '=', entryId).execute();
    await trx.deleteFrom('entry').where('owner_id', '=', ownerId).where('id', '=', entryId).execute();
    return { type: 'forgotten', entryId, day: entry.local_day };
  });
}
