/**
 * Forgetting: one entry and everything the bot kept of it, or every row of one owner. Both run in one transaction,
 * then ask the store to make the deleted bytes unreadable (db/store.ts purgeDeleted: on SQLite, with secure_delete, a full
 * merge of the search index and a TRUNCATE checkpoint). Earlier backups and exports keep what they hold.
 */
import type { JournalDb } from '../../db/journal-database.ts';
import type { Database } from '../../db/schema.ts';
import { deleteOrphanBlobs } from '../../db/media-blobs.ts';
import { entryTraces } from './entry-traces.ts';
import { deleteQuestionsAboutEntry, questionsAboutEntry } from './questions-about-entry.ts';
import { deleted, OWNER_ROWS, ownerChatKeys, type OwnerRows } from './owner-rows.ts';
import {
  answersThatRead,
  deleteAnswers,
  deleteConversations,
  deleteFinishedJobs,
  deleteHandlesThatSearchedFor,
  deleteInboxRows,
} from './entry-trace-rows.ts';

/** How many rows went, per table. */
export type RemovedRows = Partial<Record<keyof Database, number>>;

export type ForgetEntryResult =
  | {
      type: 'forgotten';
      entryId: number;
      /** The entry's local day, for the confirmation. */
      day: string;
      removed: RemovedRows;
      /** False when the store could not yet clear every old copy of the pages (see Store.purgeDeleted). */
      purged: boolean;
    }
  | { type: 'not-found'; entryId: number };

export interface ForgetOwnerResult {
  removed: RemovedRows;
  purged: boolean;
}

export interface ForgetEntryOptions {
  /** Chat messages that quoted the entry (the bot's "Forget this entry?" prompt): stored updates about them go too. */
  alsoMessages?: readonly { chatId: number; messageId: number }[];
}

/**
 * Removes one entry of the owner and everything derived from it: its revisions, tags, search-index terms, media
 * reference and transcription job, the `ask` answers that read it, the stored conversations whose tool results or
 * answers hold its text, the raw updates of its message (and of `alsoMessages`), finished jobs that quoted it, the
 * handles of views that searched for its words, and the follow-up questions asked about it (questions-about-entry.ts).
 * Another owner's entry id is simply not found.
 */
export async function forgetEntry(
  db: JournalDb,
  ownerId: number,
  entryId: number,
  options: ForgetEntryOptions = {},
): Promise<ForgetEntryResult> {
  const outcome = await db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('entry')
      .select(['id', 'chat_id', 'message_id', 'local_day', 'title', 'content'])
      .where('owner_id', '=', ownerId)
      .where('id', '=', entryId)
      .executeTakeFirst();
    if (!entry) return null;
    const revisions = await trx
      .selectFrom('entry_revision')
      .select(['title', 'content'])
      .where('entry_id', '=', entryId)
      .execute();
    const cached = await answersThatRead(trx, ownerId, entryId);
    const questions = await questionsAboutEntry(trx, ownerId, entryId);
    // An album's later photos came in messages of their own: their updates are traces too.
    const albumMessages = await trx
      .selectFrom('entry_media')
      .select('message_id')
      .where('entry_id', '=', entryId)
      .where('message_id', '!=', entry.message_id)
      .execute();
    const traces = entryTraces({
      id: entry.id,
      chatId: entry.chat_id,
      messageId: entry.message_id,
      texts: [
        entry.title,
        entry.content,
        ...revisions.flatMap((r) => [r.title, r.content]),
        ...cached.answers,
        ...questions.map((q) => q.text),
      ],
      alsoMessages: [
        ...(options.alsoMessages ?? []),
        // A reply to a question about the entry quotes the question (reply_to_message) in its raw update.
        ...questions.map((q) => ({ chatId: q.chatId, messageId: q.messageId })),
        ...albumMessages.map((m) => ({ chatId: entry.chat_id, messageId: m.message_id! })),
      ],
    });
    const removed: RemovedRows = {};
    removed.ask_cache = await deleteAnswers(trx, ownerId, cached.keys);
    const talk = await deleteConversations(trx, ownerId, traces);
    removed.conversation = talk.conversations;
    removed.conversation_message = talk.messages;
    removed.update_inbox = await deleteInboxRows(
      trx,
      [...new Set([`chat:${entry.chat_id}`, ...ownerChatKeys(ownerId)])],
      (p) => traces.inUpdate(p),
    );
    removed.job = await deleteFinishedJobs(trx, ownerId, traces);
    removed.object_handle = await deleteHandlesThatSearchedFor(trx, ownerId, [
      entry.title,
      entry.content,
      ...revisions.flatMap((r) => [r.title, r.content]),
    ]);
    removed.entry_tag = deleted(await trx.deleteFrom('entry_tag').where('entry_id', '=', entryId).executeTakeFirst());
    removed.entry_revision = deleted(
      await trx.deleteFrom('entry_revision').where('entry_id', '=', entryId).executeTakeFirst(),
    );
    const asked = await deleteQuestionsAboutEntry(trx, ownerId, entryId, questions);
    removed.prompt_message = asked.promptMessages;
    removed.entry_prompt =
      asked.entryPrompts +
      deleted(await trx.deleteFrom('entry_prompt').where('entry_id', '=', entryId).executeTakeFirst());
    removed.transcription_job = deleted(
      await trx.deleteFrom('transcription_job').where('entry_id', '=', entryId).executeTakeFirst(),
    );
    // The search index's row goes with it (a trigger on SQLite, the row's own column on PostgreSQL).
    removed.entry_media = deleted(
      await trx.deleteFrom('entry_media').where('entry_id', '=', entryId).executeTakeFirst(),
    );
    removed.entry = deleted(
      await trx.deleteFrom('entry').where('owner_id', '=', ownerId).where('id', '=', entryId).executeTakeFirst(),
    );
    // Its bytes, unless another kept entry holds the same.
    removed.media_blob = await deleteOrphanBlobs(trx);
    return { day: entry.local_day, removed };
  });
  if (!outcome) return { type: 'not-found', entryId };
  const { complete } = await db.store.purgeDeleted(db);
  return { type: 'forgotten', entryId, day: outcome.day, removed: outcome.removed, purged: complete };
}

/** Deletes every row of the owner in every table (OWNER_ROWS), in one transaction. Other owners are untouched. */
export async function forgetOwner(db: JournalDb, ownerId: number, now = new Date()): Promise<ForgetOwnerResult> {
  const removed = await db.transaction().execute(async (trx) => {
    const counts: RemovedRows = {};
    for (const [table, rows] of Object.entries(OWNER_ROWS) as [
      keyof Database,
      OwnerRows | { notOwnerData: string },
    ][]) {
      if (typeof rows === 'function') counts[table] = await rows(trx, ownerId, now, db.store);
    }
    return counts;
  });
  const { complete } = await db.store.purgeDeleted(db);
  return { removed, purged: complete };
}

/** What the owner sees before forgetting an entry: when it was written and its first line. */
export interface EntryToForget {
  id: number;
  day: string;
  time: string;
  title: string;
  source: 'live' | 'import';
  chatId: number;
  messageId: number;
}

/** The owner's entry by its id, or by the chat message it was captured from (a live message); undefined otherwise. */
export async function findEntryToForget(
  db: JournalDb,
  ownerId: number,
  ref: { entryId: number } | { chatId: number; messageId: number },
): Promise<EntryToForget | undefined> {
  let query = db
    .selectFrom('entry')
    .select([
      'id',
      'local_day as day',
      'local_time as time',
      'title',
      'source',
      'chat_id as chatId',
      'message_id as messageId',
    ])
    .where('owner_id', '=', ownerId);
  query =
    'entryId' in ref
      ? query.where('id', '=', ref.entryId)
      : query.where('source', '=', 'live').where('chat_id', '=', ref.chatId).where('message_id', '=', ref.messageId);
  return query.executeTakeFirst();
}

/** How many entries the owner has (what "delete everything" is about to remove). */
export async function countOwnerEntries(db: JournalDb, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
