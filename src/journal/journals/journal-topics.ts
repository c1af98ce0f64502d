/**
 * Topics of the owner's private chat with the bot, each the journal named after it: the name comes from the topic's
 * creation, follows its edits, and is "Topic <id>" until it is seen. Renaming a topic renames its journal, entries
 * and all.
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { cleanJournalName, unnamedTopicJournal } from '../journal-names.ts';

/** The stored journal name of a topic; a topic never seen before is recorded as "Topic <id>" until its name is. */
export async function journalOfTopic(db: JournalDb, ownerId: number, threadId: number): Promise<string> {
  const known = await db
    .selectFrom('journal_topic')
    .select('name')
    .where('owner_id', '=', ownerId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  if (known) return known.name;
  const name = unnamedTopicJournal(threadId);
  await db
    .insertInto('journal_topic')
    .values({ owner_id: ownerId, thread_id: threadId, name })
    .onConflict((oc) => oc.columns(['owner_id', 'thread_id']).doNothing())
    .execute();
  return name;
}

export interface TopicNamed {
  /** The journal the topic named before (undefined for a topic first seen now). */
  from: string | undefined;
  to: string;
  /** Entries that moved from the old journal to the new one. */
  moved: number;
}

/**
 * Records a topic's name (its creation or an edit). When the name changes, the topic's journal follows with its
 * entries, unless another topic still bears the old name: that journal stays where it is, and this topic starts
 * writing into the new one.
 */
export async function nameTopic(
  db: JournalDb,
  ownerId: number,
  threadId: number,
  rawName: string,
): Promise<TopicNamed> {
  const to = cleanJournalName(rawName);
  return db.transaction().execute(async (trx) => {
    const known = await trx
      .selectFrom('journal_topic')
      .select('name')
      .where('owner_id', '=', ownerId)
      .where('thread_id', '=', threadId)
      .executeTakeFirst();
    await trx
      .insertInto('journal_topic')
      .values({ owner_id: ownerId, thread_id: threadId, name: to })
      .onConflict((oc) => oc.columns(['owner_id', 'thread_id']).doUpdateSet({ name: to }))
      .execute();
    const from = known?.name;
    if (from === undefined || from === to) return { from, to, moved: 0 };
    const shared = await trx
      .selectFrom('journal_topic')
      .select('thread_id')
      .where('owner_id', '=', ownerId)
      .where('name', '=', from)
      .executeTakeFirst();
    if (shared) return { from, to, moved: 0 };
    const result = await trx
      .updateTable('entry')
      .set({ journal: to })
      .where('owner_id', '=', ownerId)
      .where('journal', '=', from)
      .executeTakeFirst();
    return { from, to, moved: Number(result.numUpdatedRows) };
  });
}

/** The topics whose journal is `journal` (the topic ids to send into). */
export async function topicsOfJournal(db: JournalDb, ownerId: number, journal: string): Promise<number[]> {
  const rows = await db
    .selectFrom('journal_topic')
    .select('thread_id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', journal)
    .execute();
  return rows.map((r) => Number(r.thread_id));
}
