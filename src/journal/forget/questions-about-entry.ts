/**
 * The follow-up questions /reflect asked about an entry (prompt_message rows that name it). A question may quote the
 * entry, so forgetting the entry removes each one with every copy of its text: its row, and the prompt of the owner's
 * replies to it (entry_prompt; the replies themselves are the owner's own entries and stay). Its message and its text
 * are also traces (forget.ts): the raw updates of those replies quote the question.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chunks, deleted } from './owner-rows.ts';

type Trx = Kysely<Database>;

export interface QuestionAboutEntry {
  chatId: number;
  messageId: number;
  text: string;
}

export async function questionsAboutEntry(trx: Trx, ownerId: number, entryId: number): Promise<QuestionAboutEntry[]> {
  const rows = await trx
    .selectFrom('prompt_message')
    .select(['chat_id', 'message_id', 'prompt'])
    .where('owner_id', '=', ownerId)
    .where('about_entry_id', '=', entryId)
    .execute();
  return rows.map((r) => ({ chatId: Number(r.chat_id), messageId: Number(r.message_id), text: r.prompt }));
}

/** Deletes the questions and the owner's entry_prompt rows that hold one of their texts; how many rows of each went. */
export async function deleteQuestionsAboutEntry(
  trx: Trx,
  ownerId: number,
  entryId: number,
  questions: readonly QuestionAboutEntry[],
): Promise<{ promptMessages: number; entryPrompts: number }> {
  const promptMessages = deleted(
    await trx
      .deleteFrom('prompt_message')
      .where('owner_id', '=', ownerId)
      .where('about_entry_id', '=', entryId)
      .executeTakeFirst(),
  );
  let entryPrompts = 0;
  for (const part of chunks([...new Set(questions.map((q) => q.text))]))
    entryPrompts += deleted(
      await trx
        .deleteFrom('entry_prompt')
        .where('owner_id', '=', ownerId)
        .where('prompt', 'in', part)
        .executeTakeFirst(),
    );
  return { promptMessages, entryPrompts };
}
