/** Writing entries: capture once, and edits that keep the earlier text as a revision. */
import type { Transaction } from 'kysely';
import type { JournalDb } from '../db/open-database.ts';
import type { Database } from '../db/schema.ts';
import { ENTRY_KEY, entryRowFromDraft, titleOf, type EntryDraft } from './entry.ts';

export type SaveResult = 'stored' | 'duplicate';
export type EditResult = 'revised' | 'unchanged' | 'stored';

/** Stores a draft unless the same (owner, chat, message) is already there. */
export async function saveEntry(db: JournalDb, draft: EntryDraft, timeZone: string, now: Date): Promise<SaveResult> {
  const result = await db
    .insertInto('entry')
    .values(entryRowFromDraft(draft, timeZone, now))
    .onConflict((oc) => oc.columns(ENTRY_KEY).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? 'stored' : 'duplicate';
}

/**
 * Applies an edit: the current text becomes a revision, then the entry takes the new text.
 * An edit of a message we never saw (sent before the bot ran) is stored as a new entry.
 */
export async function applyEdit(
  db: JournalDb,
  draft: EntryDraft,
  editedAt: Date,
  timeZone: string,
  now: Date,
): Promise<EditResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('entry')
      .select(['id', 'title', 'content'])
      .where('owner_id', '=', draft.ownerId)
      .where('source', '=', draft.source)
      .where('chat_id', '=', draft.chatId)
      .where('message_id', '=', draft.messageId)
      .executeTakeFirst();
    if (!current) {
      await trx.insertInto('entry').values({ ...entryRowFromDraft(draft, timeZone, now), edited_at: editedAt.toISOString() }).execute();
      return 'stored';
    }
    if (current.content === draft.text) return 'unchanged';
    await reviseEntry(trx, current, draft.text, editedAt);
    return 'revised';
  });
}

/** Gives an entry new text; the text it had becomes a revision, so nothing written is lost. */
export async function reviseEntry(
  trx: Transaction<Database>,
  current: { id: number; title: string; content: string },
  text: string,
  editedAt: Date,
): Promise<void> {
  await trx
    .insertInto('entry_revision')
    .values({ entry_id: current.id, title: current.title, content: current.content, replaced_at: editedAt.toISOString() })
    .execute();
  await trx.updateTable('entry').set({ content: text, title: titleOf(text), edited_at: editedAt.toISOString() }).where('id', '=', current.id).execute();
}
