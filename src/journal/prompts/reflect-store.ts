/**
 * /reflect's stored side: whether the owner turned it on for a journal, and the claim that lets an entry get at most
 * one follow-up question and a day at most three (the claim is taken before the model is asked, so a retry or a
 * second instance never asks twice).
 */
import type { JournalDb } from '../../db/journal-database.ts';

/** An entry shorter than this gets no question: too little to reflect on. */
export const REFLECT_MIN_WORDS = 20;
/** The most follow-up questions in one journal day. */
export const REFLECT_DAILY_MAX = 3;

export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export async function isReflectOn(db: JournalDb, ownerId: number, journal: string): Promise<boolean> {
  const row = await db
    .selectFrom('reflect_setting')
    .select('owner_id')
    .where('owner_id', '=', ownerId)
    .where('journal', '=', journal)
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns it on or off for one journal; whether it was on before. */
export async function setReflect(
  db: JournalDb,
  ownerId: number,
  journal: string,
  on: boolean,
  now: Date,
): Promise<boolean> {
  const was = await isReflectOn(db, ownerId, journal);
  if (on && !was)
    await db
      .insertInto('reflect_setting')
      .values({ owner_id: ownerId, journal, since: now.toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (!on && was)
    await db.deleteFrom('reflect_setting').where('owner_id', '=', ownerId).where('journal', '=', journal).execute();
  return was;
}

export interface ReflectClaim {
  id: number;
  day: string;
  text: string;
}

/**
 * Claims the entry a message became for one question: null when it is not stored, is too short, already had its
 * claim, or its day has its three. The entry's text is read here for the model's request and kept nowhere else.
 */
export async function claimReflectQuestion(
  db: JournalDb,
  ownerId: number,
  message: { chatId: number; messageId: number },
  now: Date,
): Promise<ReflectClaim | null> {
  const entry = await db
    .selectFrom('entry')
    .select(['id', 'local_day', 'content'])
    .where('owner_id', '=', ownerId)
    .where('chat_id', '=', message.chatId)
    .where('message_id', '=', message.messageId)
    .where('source', '=', 'live')
    .executeTakeFirst();
  if (!entry || wordCount(entry.content) < REFLECT_MIN_WORDS) return null;
  const { n } = await db
    .selectFrom('reflect_question')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('local_day', '=', entry.local_day)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  if (Number(n) >= REFLECT_DAILY_MAX) return null;
  const claimed = await db
    .insertInto('reflect_question')
    .values({
      owner_id: ownerId,
      entry_id: entry.id,
      local_day: entry.local_day,
      status: 'asking',
      claimed_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['owner_id', 'entry_id']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  return { id: Number(entry.id), day: entry.local_day, text: entry.content };
}

/** How the claim ended: a question was sent, the model had none, or asking failed (which frees the day's slot). */
export async function finishReflectQuestion(
  db: JournalDb,
  ownerId: number,
  entryId: number,
  status: 'asked' | 'none' | 'failed',
): Promise<void> {
  await db
    .updateTable('reflect_question')
    .set({ status })
    .where('owner_id', '=', ownerId)
    .where('entry_id', '=', entryId)
    .execute();
}
