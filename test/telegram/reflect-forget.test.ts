// Forgetting an entry /reflect asked about: the question may quote the entry, so it goes with it, every copy of its
// text (the bot's record of it, the prompt kept with the owner's reply, the reply's raw update), on every store and,
// on SQLite, in no byte of the journal file. The owner's reply stays as their own entry; another entry's question stays.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { forgetEntry } from '../../src/journal/forget/forget.ts';
import { OWNER_ROWS } from '../../src/journal/forget/owner-rows.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';

const ENTRY =
  'Dinner at the harbour with Marek went long; his xyzzyplanted remark about the move stayed with me all evening, and I kept turning it over on the walk home.';
// Quotes less of the entry than its text traces recognise (entry-traces.ts): only the link to the entry finds it.
const QUESTION = 'What about his xyzzyplanted remark (qqasked) stayed with you?';
const REPLY = 'That he might leave the city before summer.';
const OTHER_ENTRY =
  'A slow Sunday: coffee on the balcony, two chapters of the novel, a long call with my sister about the garden and her plans.';
const OTHER_QUESTION = 'What did your sister plan for the garden?';

/** The owner's reply to the bot's message `id`, which said `text`. */
function replyTo(id: number, text: string, repliedText: string, messageId: number) {
  const { message } = textUpdate(text, { messageId });
  return {
    message: {
      ...message,
      reply_to_message: {
        message_id: id,
        date: message.date,
        chat: message.chat,
        from: TEST_BOT_INFO,
        text: repliedText,
      },
    },
  };
}

describeStores('forgetting an entry /reflect asked about', (store) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, undefined, { messagesApi: true });
  });
  afterEach(() => t.close());

  const db = () => t.temp.db;
  const questionMessage = async (question: string) =>
    Number(
      (
        await db()
          .selectFrom('prompt_message')
          .select('message_id')
          .where('prompt', '=', question)
          .executeTakeFirstOrThrow()
      ).message_id,
    );
  const entryOf = async (messageId: number) =>
    Number(
      (await db().selectFrom('entry').select('id').where('message_id', '=', messageId).executeTakeFirstOrThrow()).id,
    );
  /** Every row of every table the app keeps, as JSON: where the question's text could still be. */
  const everyRow = async () => {
    const parts: string[] = [];
    for (const table of Object.keys(OWNER_ROWS) as (keyof Database)[])
      parts.push(JSON.stringify(await db().selectFrom(table).selectAll().execute()));
    return parts.join('\n');
  };

  it('removes the question with every copy of its text, keeps the reply entry and the other question', async () => {
    await t.send(textUpdate('/reflect on'));
    t.llm!.script({ text: QUESTION }, { text: OTHER_QUESTION });
    await t.send(textUpdate(ENTRY, { messageId: 300 }));
    await t.send(textUpdate(OTHER_ENTRY, { messageId: 310 }));
    const entryId = await entryOf(300);
    const otherId = await entryOf(310);
    const asked = await questionMessage(QUESTION);
    const askedOther = await questionMessage(OTHER_QUESTION);
    expect(
      await db().selectFrom('prompt_message').select(['prompt', 'about_entry_id']).orderBy('message_id').execute(),
    ).toEqual([
      { prompt: QUESTION, about_entry_id: entryId },
      { prompt: OTHER_QUESTION, about_entry_id: otherId },
    ]);

    // The owner answers both questions: each answer is an entry whose prompt is the question.
    await t.send(replyTo(asked, REPLY, QUESTION, 301));
    await t.send(replyTo(askedOther, 'Tomatoes, and a bench by the wall.', OTHER_QUESTION, 311));
    const replyId = await entryOf(301);
    const prompts = () => db().selectFrom('entry_prompt').select(['entry_id', 'prompt']).orderBy('entry_id').execute();
    expect(await prompts()).toEqual([
      { entry_id: replyId, prompt: QUESTION },
      { entry_id: await entryOf(311), prompt: OTHER_QUESTION },
    ]);
    expect(await everyRow()).toContain('qqasked');

    const result = await forgetEntry(db(), OWNER_ID, entryId);
    expect(result).toMatchObject({ type: 'forgotten', removed: { prompt_message: 1, entry_prompt: 1 } });

    const rows = await everyRow();
    expect(rows).not.toContain('qqasked');
    expect(rows).not.toContain('xyzzyplanted');
    expect(await db().selectFrom('reflect_question').select('entry_id').execute()).toEqual([{ entry_id: otherId }]);
    expect(await db().selectFrom('prompt_message').select(['prompt', 'about_entry_id']).execute()).toEqual([
      { prompt: OTHER_QUESTION, about_entry_id: otherId },
    ]);
    expect(await prompts()).toEqual([{ entry_id: await entryOf(311), prompt: OTHER_QUESTION }]);
    // The reply is the owner's own entry: it stays, only without the question it answered.
    expect(await db().selectFrom('entry').select('content').where('id', '=', replyId).execute()).toEqual([
      { content: REPLY },
    ]);

    if (store === 'sqlite') {
      // The database closed and opened again, then the file's and its -wal's bytes.
      await t.restart();
      const file = t.temp.file;
      const bytes = Buffer.concat([
        readFileSync(file),
        ...(existsSync(`${file}-wal`) ? [readFileSync(`${file}-wal`)] : []),
      ]);
      expect(bytes.includes('qqasked')).toBe(false);
      expect(bytes.includes('xyzzyplanted')).toBe(false);
      expect(bytes.includes(OTHER_QUESTION)).toBe(true);
    }
  }, 60_000); // a dozen round trips through the bot, its jobs and both stand-ins
});
