// A journal that asks back: /reflect on, then a long entry gets one question from a model that saw the entry and
// holds the journal's tools, as a reply to it; the reply is an entry under that question; limits, the ledger, off.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';
import { lastToolResult } from '../stand-ins/messages-api.ts';
import { seedEntries } from '../llm/ask-setup.ts';
import { REFLECT_AI_OFF_TEXT, REFLECT_OFF_TEXT, REFLECT_ON_TEXT } from '../../src/telegram/features/reflect.ts';

let t: TestApp;
afterEach(() => t.close());

const LONG =
  'The quarterly planning meeting ran late again and I could not sleep afterwards, thinking about the budget, the team and whether we promised too much to the board this time.';
const QUESTION = 'Last March the same meeting kept you up; what was different this time?';
const sent = () => t.api.callsTo('sendMessage').map((c) => c.payload);

/** A message replying to the bot's message `id`. */
function replyTo(id: number, text: string, messageId: number) {
  const { message } = textUpdate(text, { messageId });
  return {
    message: {
      ...message,
      reply_to_message: { message_id: id, date: message.date, chat: message.chat, from: TEST_BOT_INFO, text: QUESTION },
    },
  };
}

describe('/reflect', () => {
  it('asks one question about a long entry, grounded through the tools; the reply is an entry under it; /reflect off stops it', async () => {
    t = await createTestApp({}, undefined, { messagesApi: true });
    await seedEntries(t.temp.db, OWNER_ID, [['2024-03-12T22:00:00Z', 'Planning meeting ran late, could not sleep.']]);
    await t.send(textUpdate('/reflect on'));
    expect(sent().at(-1)!.text).toBe(REFLECT_ON_TEXT);

    t.llm!.script(
      {
        tools: [
          { name: 'invokeMethod', input: { objId: 'journal', methodName: 'search', args: { query: 'meeting' } } },
        ],
      },
      (req) => ({
        tools: [
          { name: 'invokeMethod', input: { objId: lastToolResult(req).handle, methodName: 'getEntries', args: {} } },
        ],
      }),
      { text: QUESTION },
    );
    await t.send(textUpdate(LONG, { messageId: 300 }));

    const [first, , last] = t.llm!.requests;
    const [framing, entry] = first!.body.messages[0].content;
    expect(entry.text).toContain(LONG);
    expect(framing.text).toContain('<interface of="@journal">');
    expect(first!.body.tools.map((tool: { name: string }) => tool.name)).toContain('invokeMethod');
    expect(JSON.stringify(last!.body.messages)).toContain('journal://entry/');
    const question = sent().at(-1)!;
    expect(question).toMatchObject({ text: QUESTION, reply_parameters: { message_id: 300 } });

    const { message_id: questionId } = await t.temp.db
      .selectFrom('prompt_message')
      .select('message_id')
      .where('prompt', '=', QUESTION)
      .executeTakeFirstOrThrow();
    await t.send(replyTo(Number(questionId), 'It was calmer: I said no to two of the asks.', 301));
    const answer = await t.temp.db
      .selectFrom('entry')
      .select('id')
      .where('message_id', '=', 301)
      .executeTakeFirstOrThrow();
    const prompt = await t.temp.db
      .selectFrom('entry_prompt')
      .select('prompt')
      .where('entry_id', '=', answer.id)
      .executeTakeFirst();
    expect(prompt?.prompt).toBe(QUESTION);

    await t.send(textUpdate('/sent'));
    const ledger = String(sent().at(-1)!.text);
    expect(ledger).toMatch(/^2024-04-15 {2}1 entry → http:\/\/127\.0\.0\.1:\d+ \(claude/m);
    expect(ledger).toMatch(/^2024-03-12 {2}1 entry → /m);

    await t.send(textUpdate('/reflect off'));
    expect(sent().at(-1)!.text).toBe(REFLECT_OFF_TEXT);
    const requests = t.llm!.requests.length;
    await t.send(textUpdate(`${LONG} And another thought.`, { messageId: 302 }));
    expect(t.llm!.requests).toHaveLength(requests);
  }, 60_000); // a dozen round trips through the bot, its jobs and both stand-ins

  it('leaves short entries alone, asks once per entry, and at most three a day', async () => {
    t = await createTestApp({}, undefined, { messagesApi: true });
    await t.send(textUpdate('/reflect on'));
    await t.send(textUpdate('A short line.', { messageId: 400 }));
    expect(t.llm!.requests).toHaveLength(0);

    t.llm!.script({ text: 'What made it late?' }, { text: 'NOTHING' }, { text: 'Who else stayed?' });
    for (const id of [401, 402, 403, 404]) await t.send(textUpdate(`${LONG} (${id})`, { messageId: id }));
    expect(t.llm!.requests).toHaveLength(3);
    expect(
      sent()
        .filter(
          (m) => (m.reply_parameters as { message_id: number } | undefined)?.message_id && m.text !== REFLECT_ON_TEXT,
        )
        .map((m) => m.text),
    ).toEqual(['What made it late?', 'Who else stayed?']);
  }, 60_000);

  it('with JOURNAL_AI=off, /reflect on says the AI is off and nothing reaches a model', async () => {
    t = await createTestApp({ JOURNAL_AI: 'off' }, undefined, { messagesApi: true });
    await t.send(textUpdate('/reflect on'));
    expect(sent().at(-1)!.text).toBe(REFLECT_AI_OFF_TEXT);
    await t.send(textUpdate(LONG, { messageId: 500 }));
    expect(t.llm!.requests).toHaveLength(0);
  });
});
