// /stats and /review asked in a topic, through the Bot API and Messages API stand-ins: both are about that topic's
// journal alone (its streak, its counts, the view the model reads) and answer in the topic.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { describeStores } from '../helpers/stores.ts';
import type { RecordedRequest } from '../stand-ins/messages-api.ts';

const DREAMS = 7;
/** Saturday 2024-06-01, noon UTC (the journal's zone). */
const NOW = new Date('2024-06-01T12:00:00Z');
const at = (day: string, hour = 8) => Math.floor(Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`) / 1000);

/** A message of the owner in a topic of their chat. */
function inTopic(text: string, threadId: number, date?: number) {
  const { message } = textUpdate(text, date === undefined ? {} : { date });
  return { message: { ...message, message_thread_id: threadId, is_topic_message: true } };
}

describeStores('/stats and /review in a topic', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, () => NOW, { messagesApi: true });
    t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
    const { message } = textUpdate('');
    const { text: _text, ...service } = message;
    await t.send({
      message: {
        ...service,
        message_thread_id: DREAMS,
        is_topic_message: true,
        forum_topic_created: { name: 'Dreams', icon_color: 1 },
      },
    });
    // Main: every day from 2024-05-27 to today (a 6-day run); Dreams: 2024-05-20 alone, then 05-31 and today (a 2-day run).
    for (const day of ['2024-05-27', '2024-05-28', '2024-05-29', '2024-05-30', '2024-05-31', '2024-06-01'])
      await t.send(textUpdate(`Main on ${day}`, { date: at(day) }));
    await t.send(inTopic('Flying over the river', DREAMS, at('2024-05-20')));
    await t.send(inTopic('A house with no doors', DREAMS, at('2024-05-31')));
    await t.send(inTopic('The river again', DREAMS, at('2024-06-01', 6)));
    await t.send(inTopic('And a boat', DREAMS, at('2024-06-01', 7)));
    // A mood on a day Dreams has no entry: not part of the Dreams picture.
    await t.send(textUpdate('/mood 2024-05-28 5'));
  });
  afterEach(() => t.close());

  const photos = () => t.api.callsTo('sendPhoto').map((c) => c.payload);
  const sent = () => t.api.callsTo('sendMessage').map((c) => c.payload);

  it("/stats in a topic counts that journal's streaks and figures alone, and answers there", async () => {
    await t.send(inTopic('/stats', DREAMS));
    expect(photos().at(-1)).toMatchObject({
      message_thread_id: String(DREAMS),
      caption: '4 entries on 3 days in the last 12 months; longest streak 2, current 2.',
    });
    // Outside the topic, every journal: the owner's 6-day run, and the mood of a day with entries.
    await t.send(textUpdate('/stats'));
    expect(photos().at(-1)!.message_thread_id).toBeUndefined();
    expect(photos().at(-1)!.caption).toBe(
      '10 entries on 7 days in the last 12 months; longest streak 6, current 6; mood 5.0 of 5 on 1 day.',
    );
  });

  it("/review in a topic reviews that topic's journal and replies in the topic", async () => {
    /** The handle the review question mentions. */
    const mentioned = (req: RecordedRequest) =>
      /Review @([0-9a-f-]{36})/.exec(JSON.stringify(req.body.messages[0].content))![1]!;
    t.llm!.script(
      (req) => ({
        tools: [
          { name: 'invokeMethod', input: { objId: mentioned(req), methodName: 'getEntries', args: { limit: 50 } } },
        ],
      }),
      { text: 'Rivers keep coming back.' },
    );
    await t.send(inTopic('/review week', DREAMS));

    const answer = sent().at(-1)!;
    expect(answer).toMatchObject({ chat_id: OWNER_ID, message_thread_id: DREAMS });
    expect(answer.text).toBe(
      'Review of the last 7 days (2024-05-26 to 2024-06-01): 2 days written, 3 entries.\n\nRivers keep coming back.',
    );
    // The view the model was handed, and read, is the week of Dreams alone.
    const question = JSON.stringify(t.llm!.requests[0]!.body.messages[0].content);
    expect(question).toContain('2 days, 3 entries');
    const toolResult = JSON.stringify(t.llm!.requests[1]!.body.messages.at(-1).content);
    expect(toolResult).toContain('The river again');
    expect(toolResult).not.toContain('Main on');
    expect(toolResult).not.toContain('Flying over the river'); // before the week
    // Typing went into the topic too.
    expect(t.api.callsTo('sendChatAction').every((c) => c.payload.message_thread_id === DREAMS)).toBe(true);
  });

  it("as a rich message, its days are the topic's journal's and it goes into the topic", async () => {
    t.api.refuseRichMessages(false);
    t.llm!.script({ text: 'Rivers keep coming back.' });
    await t.send(inTopic('/review week', DREAMS));
    const [rich] = t.api.callsTo('sendRichMessage').map((c) => c.payload);
    expect(rich).toMatchObject({ chat_id: OWNER_ID, message_thread_id: DREAMS });
    const days = rich!.rich_message.blocks.filter((b: { type: string }) => b.type === 'details');
    expect(days.map((d: { summary: string }) => d.summary)).toEqual([
      'Friday 2024-05-31 · 1 entry',
      'Saturday 2024-06-01 · 2 entries',
    ]);
    expect(JSON.stringify(rich)).not.toContain('Main on');
  });
});
