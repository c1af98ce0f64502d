/** Writing entries: capture once, and edits that keep the earlier text as a revision. */
import type { Transaction } from 'kysely';
import type { JournalDb } from '../db/open-database.ts';
import type { Database } from '../db/schema.ts';
import { ENTRY_KEY, entryRowFromDraft, titleOf, type EntryDraft } from './entry.ts';
import { insertTags, replaceTags } from './entry-tags.ts';
import { hashtagsOf } from './hashtags.ts';
import { MIDNIGHT } from './dates/local-moment.ts';
import { queueTranscriptionIfSpeech } from './transcription-jobs.ts';
import { setEntryPrompt } from './prompt-store.ts';

export type SaveResult = 'stored' | 'duplicate';
export type EditResult = 'revised' | 'unchanged' | 'stored';

/** Stores a draft (and its hashtags) unless the same (owner, chat, message) is already there. */
export async function saveEntry(db: JournalDb, draft: EntryDraft, timeZone: string, now: Date, dayStartsAt: string = MIDNIGHT): Promise<SaveResult> {
  return (await storeEntry(db, draft, timeZone, now, dayStartsAt)) === null ? 'duplicate' : 'stored';
}

export interface StoreOptions {
  /** Queue a voice or video note without a caption for transcription (TRANSCRIBE_URL is set), in the same transaction. */
  transcribe?: boolean;
  /** The writing prompt the entry answers (a reply to /prompt or a reminder), kept in entry_prompt. */
  prompt?: string;
}

/** saveEntry that also says which entry was stored: its id, or null for a duplicate. */
export async function storeEntry(
  db: JournalDb,
  draft: EntryDraft,
  timeZone: string,
  now: Date,
  dayStartsAt: string = MIDNIGHT,
  options: StoreOptions = {},
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('entry')
      .values(entryRowFromDraft(draft, timeZone, now, dayStartsAt))
      .onConflict((oc) => oc.columns(ENTRY_KEY).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await insertTags(trx, { id: row.id, ownerId: draft.ownerId }, hashtagsOf(draft.text, draft.hashtags));
    if (options.transcribe) await queueTranscriptionIfSpeech(trx, row.id, draft, now);
    if (options.prompt !== undefined) await setEntryPrompt(trx, { id: row.id, ownerId: draft.ownerId }, options.prompt);
    return row.id;
  });
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
  dayStartsAt: string = MIDNIGHT,
): Promise<EditResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('entry')
      .select(['id', 'owner_id', 'title', 'content'])
      .where('owner_id', '=', draft.ownerId)
      .where('source', '=', draft.source)
      .where('chat_id', '=', draft.chatId)
      .where('message_id', '=', draft.messageId)
      .executeTakeFirst();
    if (!current) {
      const row = await trx
        .insertInto('entry')
        .values({ ...entryRowFromDraft(draft, timeZone, now, dayStartsAt), edited_at: editedAt.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertTags(trx, { id: row.id, ownerId: draft.ownerId }, hashtagsOf(draft.text, draft.hashtags));
      return 'stored';
    }
    if (current.content === draft.text) return 'unchanged';
    await reviseEntry(trx, current, draft.text, editedAt, draft.hashtags);
    return 'revised';
  });
}

/** Gives an entry new text (and the tags of that text); the text it had becomes a revision, so nothing written is lost. */
export async function reviseEntry(
  trx: Transaction<Database>,
  current: { id: number; owner_id: number; title: string; content: string },
  text: string,
  editedAt: Date,
  entityTags: readonly string[] = [],
): Promise<void> {
  await trx
    .insertInto('entry_revision')
    .values({ entry_id: current.id, title: current.title, content: current.content, replaced_at: editedAt.toISOString() })
    .execute();
  await trx.updateTable('entry').set({ content: text, title: titleOf(text), edited_at: editedAt.toISOString() }).where('id', '=', current.id).execute();
  await replaceTags(trx, { id: current.id, ownerId: current.owner_id }, text, entityTags);
}
