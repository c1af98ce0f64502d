/** Writing entries: capture once, and edits that keep the earlier text as a revision. */
import type { JournalDb } from '../db/open-database.ts';
import { entryRowFromDraft, titleOf, type EntryDraft } from './entry.ts';

export type SaveResult = 'stored' | 'duplicate';
export type EditResult = 'revised' | 'unchanged' | 'stored';

/** Stores a draft unless the same (owner, chat, message) is already there. */
export async function saveEntry(db: JournalDb, draft: EntryDraft, timeZone: string, now: Date): Promise<SaveResult> {
  const result = await db
    .insertInto('entry')
    .values(entryRowFromDraft(draft, timeZone, now))
    .onConflict((oc) => oc.columns(['owner_id', 'chat_id', 'message_id']).doNothing())
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
      .where('chat_id', '=', draft.chatId)
      .where('message_id', '=', draft.messageId)
      .executeTakeFirst();
    if (!current) {
      await trx.insertInto('entry').values({ ...entryRowFromDraft(draft, timeZone, now), edited_at: editedAt.toISOString() }).execute();
      return 'stored';
    }
    if (current.content === draft.text) return 'unchanged';
    await trx
      .insertInto('entry_revision')
      .values({ entry_id: current.id, title: current.title, content: current.content, replaced_at: editedAt.toISOString() })
      .execute();
    await trx
      .updateTable('entry')
      .set({ content: draft.text, title: titleOf(draft.text), edited_at: editedAt.toISOString() })
      .where('id', '=', current.id)
      .execute();
    return 'revised';
  });
}
