/** Writing entries: capture once, and edits that keep the earlier text as a revision. */
import type { Transaction } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import type { Database } from '../../db/schema.ts';
import { ENTRY_KEY, entryRowFromDraft, writeEntryText, type EntryDraft, type WriteTime } from './entry.ts';
import { insertTags, replaceTags } from '../tags/entry-tags.ts';
import { hashtagsOf } from '../tags/hashtags.ts';
import { MIDNIGHT } from '../dates/local-moment.ts';
import { queueTranscriptionIfSpeech } from '../media/transcription-jobs.ts';
import { setEntryPrompt } from '../prompts/prompt-store.ts';
import { insertEntryMedia, nextMediaPosition } from '../media/entry-media.ts';
import { mediaLabel } from '../media/media.ts';

export type SaveResult = 'stored' | 'duplicate';
export type EditResult = 'revised' | 'unchanged' | 'stored';

/** Stores a draft (and its hashtags) unless the same (owner, chat, message) is already there. */
export async function saveEntry(db: JournalDb, draft: EntryDraft, at: WriteTime): Promise<SaveResult> {
  return (await storeEntry(db, draft, at)) === null ? 'duplicate' : 'stored';
}

export interface StoreOptions {
  /** Queue a voice or video note without a caption for transcription (TRANSCRIBE_URL is set), in the same transaction. */
  transcribe?: boolean;
  /** The writing prompt the entry answers (a reply to /prompt or a reminder), kept in entry_prompt. */
  prompt?: string;
  /** MEDIA_MAX_BYTES: larger media are not downloaded (they stay Telegram references). */
  mediaMaxBytes?: number;
}

/** saveEntry that also says which entry was stored: its id, or null for a duplicate. */
export async function storeEntry(
  db: JournalDb,
  draft: EntryDraft,
  { timeZone, now, dayStartsAt = MIDNIGHT, ...options }: WriteTime & StoreOptions,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const album = draft.mediaGroupId === undefined ? undefined : await albumEntry(trx, draft);
    if (album !== undefined) return addToAlbum(trx, album, draft, now, options);
    const row = await trx
      .insertInto('entry')
      .values(entryRowFromDraft(draft, timeZone, now, dayStartsAt))
      .onConflict((oc) => oc.columns(ENTRY_KEY).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await insertTags(trx, { id: row.id, ownerId: draft.ownerId }, hashtagsOf(draft.text, draft.hashtags));
    await insertMediaOf(trx, { id: row.id, position: 0 }, draft, now, options);
    if (options.transcribe) await queueTranscriptionIfSpeech(trx, row.id, draft, now);
    if (options.prompt !== undefined) await setEntryPrompt(trx, { id: row.id, ownerId: draft.ownerId }, options.prompt);
    return row.id;
  });
}

async function insertMediaOf(
  trx: Transaction<Database>,
  { id: entryId, position }: { id: number; position: number },
  draft: EntryDraft,
  now: Date,
  options: StoreOptions,
): Promise<void> {
  const media = draft.media ?? [];
  if (media.length === 0) return;
  await insertEntryMedia(trx, { id: entryId, ownerId: draft.ownerId }, media, position, {
    now,
    mediaMaxBytes: options.mediaMaxBytes,
  });
  if (draft.mediaGroupId !== undefined || draft.source === 'live') {
    await trx
      .updateTable('entry_media')
      .set({ media_group_id: draft.mediaGroupId ?? null, message_id: draft.messageId })
      .where('entry_id', '=', entryId)
      .where('position', '>=', position)
      .execute();
  }
}

/** The entry an album's earlier message became (same owner, chat and media group), if any. */
async function albumEntry(
  trx: Transaction<Database>,
  draft: EntryDraft,
): Promise<{ id: number; owner_id: number; title: string; content: string } | undefined> {
  return trx
    .selectFrom('entry_media as m')
    .innerJoin('entry as e', 'e.id', 'm.entry_id')
    .select(['e.id', 'e.owner_id', 'e.title', 'e.content'])
    .where('m.owner_id', '=', draft.ownerId)
    .where('m.media_group_id', '=', draft.mediaGroupId!)
    .where('e.chat_id', '=', draft.chatId)
    .limit(1)
    .executeTakeFirst();
}

/**
 * A later message of an album: its media join the album's entry after the ones there (a redelivered message adds
 * nothing). A caption, on whichever message it came, becomes the entry's text while that is still a label.
 */
async function addToAlbum(
  trx: Transaction<Database>,
  album: { id: number; owner_id: number; title: string; content: string },
  draft: EntryDraft,
  now: Date,
  options: StoreOptions,
): Promise<number | null> {
  const seen = await trx
    .selectFrom('entry_media')
    .select('id')
    .where('entry_id', '=', album.id)
    .where('message_id', '=', draft.messageId)
    .executeTakeFirst();
  if (seen) return null;
  await insertMediaOf(trx, { id: album.id, position: await nextMediaPosition(trx, album.id) }, draft, now, options);
  const media = draft.media ?? [];
  const isLabel = (text: string) => media.some((m) => mediaLabel(m) === text) || /^\[[^\]]*\]$/.test(text.trim());
  if (!isLabel(draft.text) && isLabel(album.content)) {
    await writeEntryText(trx, album.id, draft.text);
    await replaceTags(trx, { id: album.id, ownerId: album.owner_id }, draft.text, draft.hashtags ?? []);
  }
  return album.id;
}

/**
 * Applies an edit: the current text becomes a revision, then the entry takes the new text.
 * An edit of a message we never saw (sent before the bot ran) is stored as a new entry.
 */
export async function applyEdit(
  db: JournalDb,
  draft: EntryDraft,
  editedAt: Date,
  { timeZone, now, dayStartsAt = MIDNIGHT }: WriteTime,
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
    .values({
      entry_id: current.id,
      title: current.title,
      content: current.content,
      replaced_at: editedAt.toISOString(),
    })
    .execute();
  await writeEntryText(trx, current.id, text, { edited_at: editedAt.toISOString() });
  await replaceTags(trx, { id: current.id, ownerId: current.owner_id }, text, entityTags);
}
