/**
 * The stored side of writing prompts: the owner's own prompts, the bot messages that asked one (so a reply to such a
 * message is known to answer it; a /reflect question among them names the entry it was about), and the prompt each
 * entry answers (entry_prompt, beside the entry row).
 */
import type { Transaction } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import type { Database } from '../../db/schema.ts';

/** The longest prompt an owner may add. */
export const MAX_PROMPT_CHARS = 300;
/** The most prompts an owner keeps. */
export const MAX_OWNER_PROMPTS = 100;

export interface OwnerPrompt {
  id: number;
  text: string;
}

/** The owner's prompts, oldest first (their position is the number /prompts remove takes). */
export async function listOwnerPrompts(db: JournalDb, ownerId: number): Promise<OwnerPrompt[]> {
  const rows = await db
    .selectFrom('owner_prompt')
    .select(['id', 'text'])
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), text: r.text }));
}

export async function addOwnerPrompt(db: JournalDb, ownerId: number, text: string, now: Date): Promise<void> {
  await db.insertInto('owner_prompt').values({ owner_id: ownerId, text, created_at: now.toISOString() }).execute();
}

/** Removes the owner's prompt at position `n` (1-based) of the list; its text, or null when there is none. */
export async function removeOwnerPrompt(db: JournalDb, ownerId: number, n: number): Promise<string | null> {
  const target = (await listOwnerPrompts(db, ownerId))[n - 1];
  if (!target) return null;
  await db.deleteFrom('owner_prompt').where('owner_id', '=', ownerId).where('id', '=', target.id).execute();
  return target.text;
}

/**
 * Records that a bot message asked `prompt`, so a reply to it answers that prompt. `aboutEntryId`: the entry a
 * /reflect question was asked about; the question may quote it, so forgetting that entry deletes the record.
 */
export async function rememberPromptMessage(
  db: JournalDb,
  ref: { ownerId: number; chatId: number; messageId: number },
  prompt: string,
  now: Date,
  aboutEntryId: number | null = null,
): Promise<void> {
  await db
    .insertInto('prompt_message')
    .values({
      owner_id: ref.ownerId,
      chat_id: ref.chatId,
      message_id: ref.messageId,
      prompt,
      sent_at: now.toISOString(),
      about_entry_id: aboutEntryId,
    })
    .onConflict((oc) =>
      oc.columns(['owner_id', 'chat_id', 'message_id']).doUpdateSet({ prompt, about_entry_id: aboutEntryId }),
    )
    .execute();
}

/** The prompt a bot message asked, or undefined when it asked none. */
export async function promptOfMessage(
  db: JournalDb,
  ref: { ownerId: number; chatId: number; messageId: number },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('prompt_message')
    .select('prompt')
    .where('owner_id', '=', ref.ownerId)
    .where('chat_id', '=', ref.chatId)
    .where('message_id', '=', ref.messageId)
    .executeTakeFirst();
  return row?.prompt;
}

/** Keeps the prompt an entry answers (in the entry's own transaction when it is being stored). */
export async function setEntryPrompt(
  db: JournalDb | Transaction<Database>,
  entry: { id: number; ownerId: number },
  prompt: string,
): Promise<void> {
  await db
    .insertInto('entry_prompt')
    .values({ entry_id: entry.id, owner_id: entry.ownerId, prompt })
    .onConflict((oc) => oc.column('entry_id').doUpdateSet({ prompt }))
    .execute();
}

/** The prompt an entry answers, or undefined. */
export async function entryPrompt(db: JournalDb, ownerId: number, entryId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('entry_prompt')
    .select('prompt')
    .where('owner_id', '=', ownerId)
    .where('entry_id', '=', entryId)
    .executeTakeFirst();
  return row?.prompt;
}
