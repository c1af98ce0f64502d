/**
 * The journal an owner's messages outside topics go to: the main one ('') unless they named another with
 * /journal default <name> (after importing an app's several journals, say, so new messages join one of them).
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { MAIN_JOURNAL } from '../journal-names.ts';

/** The stored name of the owner's default journal; '' (the main journal) when none was set. */
export async function defaultJournal(db: JournalDb, ownerId: number): Promise<string> {
  const row = await db.selectFrom('journal_default').select('name').where('owner_id', '=', ownerId).executeTakeFirst();
  return row?.name ?? MAIN_JOURNAL;
}

/** Makes `journal` (a stored name) the owner's default; the main journal removes the setting. */
export async function setDefaultJournal(db: JournalDb, ownerId: number, journal: string): Promise<void> {
  if (journal === MAIN_JOURNAL) {
    await db.deleteFrom('journal_default').where('owner_id', '=', ownerId).execute();
    return;
  }
  await db
    .insertInto('journal_default')
    .values({ owner_id: ownerId, name: journal })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ name: journal }))
    .execute();
}
