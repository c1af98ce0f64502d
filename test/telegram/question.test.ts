// Questions in the chat, end to end: the real bot, SDK and SQLite against the Bot API and Messages API stand-ins.
// A question is answered as a reply and never stored as an entry; failures keep the question and the bot running.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_API_KEY_TEXT } from '../../src/telegram/features/question.ts';
import { APOLOGY_TEXT } from '../../src/telegram/error-handler.ts';
import { strangerLine } from '../../src/telegram/features/access.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { editUpdate, OWNER_ID, STRANGER_ID, textUpdate, type MessageOptions } from '../helpers/updates.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';
import { lastToolResult, overloaded, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';
import { aprilDayCount, ENTRIES, seedEntries } from '../llm/ask-setup.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('questions', () => {
  let t: TestApp;
  let llm: MessagesApiStandIn;
  beforeEach(async () => {
    t = await createTestApp({}, undefined, { messagesApi: true });
    llm = t.llm!;
    await seedEntries(t.temp.db, OWNER_ID, ENTRIES);
  });
  afterEach(() => t.close());

  const APRIL = '@journal how many days did I write in April?';
  const entryCount = async () => (await t.temp.db.selectFrom('entry').selectAll().execute()).length;
  const sent = () => t.api.callsTo('sendMessage').map((c) => c.payload);
  const answerIds = async () =>
    (await t.temp.db.selectFrom('conversation_message').select('message_id').orderBy('message_id').execute()).map(
      (r) => r.message_id,
    );

  /** A message that replies to one of the bot's messages. */
  function replyTo(botMessageId: number, text: string, o: MessageOptions = {}) {
    const { message } = textUpdate(text, o);
    return {
      message: {
        ...message,
        reply_to_message: {
          message_id: botMessageId,
          date: message.date,
          chat: message.chat,
          from: TEST_BOT_INFO,
          text: 'an answer',
        },
      },
    };
  }

  describe('questions in the chat', () => {
    it('answers as a reply to the question, shows typing first, sends plain text, and stores no entry', async () => {
      llm.script(...aprilDayCount());
      await t.send(textUpdate(APRIL, { messageId: 50 }));

      expect(sent()).toEqual([
        {
          chat_id: OWNER_ID,
          text: 'You wrote on 3 days in April.',
          reply_parameters: { message_id: 50, allow_sending_without_reply: true },
        },
      ]);
      const methods = t.api.calls.map((c) => c.method);
      expect(methods[0]).toBe('sendChatAction');
      expect(t.api.callsTo('sendChatAction')[0]!.payload).toMatchObject({ chat_id: OWNER_ID, action: 'typing' });
      expect(await entryCount()).toBe(ENTRIES.length);
      expect(t.api.callsTo('setMessageReaction')).toHaveLength(0);
    });

    it('renews the typing indicator while the model works, and stops once the answer is sent', async () => {
      llm.script({ delayMs: 4_400, then: { text: 'Slowly: three.' } });
      await t.send(textUpdate(APRIL));
      const typing = t.api.callsTo('sendChatAction').length;
      expect(typing).toBe(2);
      await new Promise((r) => setTimeout(r, 200));
      expect(t.api.callsTo('sendChatAction')).toHaveLength(typing);
      expect(t.api.calls.at(-1)!.method).toBe('sendMessage');
    });

    it('/ask works without a mention, and a bare /ask explains itself without calling the model', async () => {
      llm.script({ tools: [{ name: 'listObjects', input: {} }] }, { text: 'You have your journal.' });
      await t.send(textUpdate('/ask what can you see?'));
      expect(llm.requests[0]!.body.messages[0].content.at(-1)).toEqual({ type: 'text', text: 'what can you see?' });
      expect(sent()[0]!.text).toBe('You have your journal.');

      await t.send(textUpdate('/ask'));
      expect(sent()[1]!.text).toMatch(/^Ask something after \/ask/);
      expect(llm.requests).toHaveLength(2);
    });

    it('a reply to the answer continues the conversation; a message that is not a reply starts fresh', async () => {
      llm.script(...aprilDayCount());
      await t.send(textUpdate(APRIL, { messageId: 60 }));
      const [answerId] = await answerIds();

      llm.script((req) => ({ text: `Still here, with ${req.body.messages.length} messages of history.` }));
      await t.send(replyTo(answerId!, 'and which was the busiest?', { messageId: 61 }));
      expect(llm.requests[3]!.body.messages).toHaveLength(7);
      expect(sent()[1]).toMatchObject({
        text: 'Still here, with 7 messages of history.',
        reply_parameters: { message_id: 61 },
      });

      // A reply to the follow-up's answer continues the same conversation again.
      const ids = await answerIds();
      llm.script({ text: 'Third turn.' });
      await t.send(replyTo(ids.at(-1)!, 'thanks!', { messageId: 62 }));
      expect(llm.requests[4]!.body.messages).toHaveLength(9);

      llm.script({ text: 'Fresh.' });
      await t.send(textUpdate('@journal hello again', { messageId: 63 }));
      expect(llm.requests[5]!.body.messages).toHaveLength(1);
      expect(await entryCount()).toBe(ENTRIES.length);
    });

    it('a reply to something other than an answer is an ordinary entry', async () => {
      await t.send(replyTo(12345, 'a note that quotes an old bot message'));
      expect(await entryCount()).toBe(ENTRIES.length + 1);
      expect(llm.requests).toHaveLength(0);
    });

    it('a handle from an earlier question still works after a restart', async () => {
      llm.script(...aprilDayCount());
      await t.send(textUpdate(APRIL));
      const handle = lastToolResult(llm.requests[1]!).handle as string;

      await t.restart();
      llm.script(
        { tools: [{ name: 'invokeMethod', input: { objId: handle, methodName: 'getTotalEntryCount', args: {} } }] },
        (req) => ({
          text: `${lastToolResult(req).value} entries in that view.`,
        }),
      );
      await t.send(textUpdate(`how many entries are in @${handle}?`));

      const context = llm.requests[3]!.body.messages[0].content[0].text as string;
      expect(context).toContain(`<interface of="@${handle}">`);
      expect(context).toContain('Journal entries from 2024-04-01 to 2024-04-30: 3 days, 5 entries');
      expect(sent().at(-1)!.text).toBe('5 entries in that view.');
    });

    it('an overloaded API gets a clear reply with a Retry button; the bot stays up and Retry answers the kept question', async () => {
      llm.script(overloaded, overloaded, overloaded);
      await t.send(textUpdate(APRIL, { messageId: 70 }));

      const failure = sent()[0]!;
      expect(failure.text).toMatch(/^The model is overloaded right now\. Your question is kept/);
      expect(failure.reply_parameters).toMatchObject({ message_id: 70 });
      const button = failure.reply_markup.inline_keyboard[0][0];
      expect(button.text).toBe('Retry');
      expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64);
      expect(sent().some((m) => m.text === APOLOGY_TEXT)).toBe(false);
      expect(await entryCount()).toBe(ENTRIES.length);

      const [failureId] = await answerIds();
      llm.script(...aprilDayCount());
      await t.send({
        callback_query: {
          id: 'cb-1',
          from: { id: OWNER_ID, is_bot: false, first_name: 'Owner' },
          chat_instance: 'ci',
          data: button.callback_data,
          message: {
            message_id: failureId,
            date: 0,
            chat: { id: OWNER_ID, type: 'private', first_name: 'Owner' },
            from: TEST_BOT_INFO,
            text: failure.text,
            reply_to_message: {
              message_id: 70,
              date: 0,
              chat: { id: OWNER_ID, type: 'private', first_name: 'Owner' },
              text: APRIL,
            },
          },
        },
      });
      expect(t.api.callsTo('answerCallbackQuery')).toHaveLength(1);
      expect(t.api.callsTo('editMessageReplyMarkup')[0]!.payload).toMatchObject({ message_id: failureId });
      expect(sent().at(-1)).toMatchObject({
        text: 'You wrote on 3 days in April.',
        reply_parameters: { message_id: 70 },
      });
      expect(llm.requests.at(-3)!.body.messages[0].content.at(-1).text).toBe(APRIL);
    });

    it('a tool fault the model cannot fix is logged, ends in the one apology, and keeps the question', async () => {
      // Break each store's text index under the running app: SQLite's FTS5 table (a file per test), PostgreSQL's
      // tsvector column (renamed, and back once the question failed: the file's PGlite outlives the test).
      const sqlite = t.temp.store === 'sqlite';
      await (
        sqlite ? sql`DROP TABLE entry_fts` : sql`ALTER TABLE entry RENAME COLUMN search_vector TO search_vector_broken`
      ).execute(t.temp.db);

      llm.script(
        {
          tools: [
            { name: 'invokeMethod', input: { objId: 'journal', methodName: 'search', args: { query: 'coffee' } } },
            { name: 'invokeMethod', input: { objId: 'journal', methodName: 'getDayCount', args: {} } },
          ],
        },
        (req) =>
          lastToolResult(req).handle
            ? {
                tools: [
                  {
                    name: 'invokeMethod',
                    input: { objId: lastToolResult(req).handle, methodName: 'getDayCount', args: {} },
                  },
                ],
              }
            : { text: 'x' },
      );
      await t.send(textUpdate('@journal how often did I mention coffee?'));
      if (!sqlite) await sql`ALTER TABLE entry RENAME COLUMN search_vector_broken TO search_vector`.execute(t.temp.db);

      expect(sent().map((m) => m.text)).toEqual([APOLOGY_TEXT]);
      expect(t.logger.lines.some((l) => l.includes('update.failed') && l.includes('ToolFailure'))).toBe(true);
      const [conversation] = await t.temp.db.selectFrom('conversation').selectAll().execute();
      expect(conversation).toMatchObject({
        status: 'failed',
        pending_question: '@journal how often did I mention coffee?',
      });
    });

    it('an unknown mention gets the list of handles the user holds, and the model is never called', async () => {
      await t.send(textUpdate('@0badc0de-1234 how many days?'));
      expect(sent()[0]!.text).toMatch(
        /^I don't know @0badc0de-1234\. Your handles:\n• @journal: The whole journal: 5 days, 7 entries/,
      );
      expect(llm.requests).toHaveLength(0);
    });

    it("a stranger's question never reaches the model", async () => {
      await t.send(textUpdate(APRIL, { from: STRANGER_ID }));
      expect(llm.requests).toHaveLength(0);
      expect(sent().map((m) => m.text)).toEqual([strangerLine(STRANGER_ID)]);
    });

    it('/trace shows the last answer: operations, arguments, result sizes, tokens, and the paste-everything cost', async () => {
      llm.script(...aprilDayCount());
      await t.send(textUpdate(APRIL));
      await t.send(textUpdate('/trace'));
      const trace = sent().at(-1)!.text as string;
      expect(trace).toMatch(
        /1\. journal\.getDateRangeView\(\{"startDate":"2024-04-01","endDate":"2024-04-30"\}\) → \d+ chars/,
      );
      expect(trace).toMatch(/2\. [0-9a-f-]{36}\.getDayCount\(\{\}\) → 11 chars, ~4 tokens/);
      expect(trace).toMatch(/Tokens: [\d,]+ in .*, [\d,]+ out/);
      expect(trace).toMatch(/Pasting the whole journal instead would have cost ~\d+ input tokens/);
      expect(await entryCount()).toBe(ENTRIES.length);
    });

    it('splits a long answer below 4096 characters into plain-text replies, each part of the conversation', async () => {
      const paragraph = `${'word '.repeat(199)}end.`;
      const long = Array.from({ length: 9 }, (_, i) => `${i + 1}. ${paragraph}`).join('\n\n');
      llm.script({ text: long });
      await t.send(textUpdate('@journal tell me everything', { messageId: 80 }));

      const parts = sent();
      expect(parts.length).toBeGreaterThan(2);
      for (const p of parts) {
        expect(p.text.length).toBeLessThanOrEqual(4096);
        expect(p).not.toHaveProperty('parse_mode');
        expect(p.reply_parameters).toMatchObject({ message_id: 80 });
      }
      expect(parts.map((p) => p.text).join('\n\n')).toBe(long);
      expect(await answerIds()).toHaveLength(parts.length);
    });

    it('editing a question does not turn it into an entry', async () => {
      llm.script({ text: 'ok' });
      await t.send(textUpdate('@journal hi', { messageId: 90 }));
      await t.send(editUpdate('@journal hello', 90));
      expect(await entryCount()).toBe(ENTRIES.length);
    });
  });

  describe('questions without ANTHROPIC_API_KEY', () => {
    it('get a clear reply naming the setting, and nothing is stored', async () => {
      const plain = await createTestApp();
      try {
        await plain.send(textUpdate(APRIL, { messageId: 5 }));
        await plain.send(textUpdate('/trace'));
        const texts = plain.api.callsTo('sendMessage').map((c) => c.payload.text);
        expect(texts).toEqual([NO_API_KEY_TEXT, NO_API_KEY_TEXT]);
        expect(NO_API_KEY_TEXT).toMatch(/ANTHROPIC_API_KEY/);
        expect(await plain.temp.db.selectFrom('entry').selectAll().execute()).toEqual([]);
      } finally {
        await plain.close();
      }
    });
  });
});
