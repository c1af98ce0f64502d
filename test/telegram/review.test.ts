// /review week and /review month through both stand-ins: exact counts from a date view, what stood out from the
// question loop on that view's handle, and the digest's Sunday button asking the same.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_WEEK_DATA } from '../../src/telegram/digest-delivery.ts';
import { REVIEW_USAGE } from '../../src/telegram/features/review.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import type { RecordedRequest } from '../stand-ins/messages-api.ts';

let t: TestApp;
beforeEach(async () => {
  // Sunday 2026-03-08, 20:00 UTC.
  t = await createTestApp({}, () => new Date('2026-03-08T20:00:00Z'), { messagesApi: true });
  t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
  await seedEntries(t.temp.db, OWNER_ID, [
    ['2026-02-10T09:00:00Z', 'February: started pottery'],
    ['2026-02-11T09:00:00Z', 'February: pottery again'],
    ['2026-03-01T09:00:00Z', 'Too early for the week'],
    ['2026-03-02T09:00:00Z', 'Monday: long walk'],
    ['2026-03-02T21:00:00Z', 'Monday night: tired'],
    ['2026-03-05T09:00:00Z', 'Thursday: pottery class'],
    ['2026-03-08T09:00:00Z', 'Sunday: quiet'],
  ]);
});
afterEach(() => t.close());

const sent = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));
/** The handle the review question mentions. */
const mentioned = (req: RecordedRequest) =>
  /Review @([0-9a-f-]{36})/.exec(JSON.stringify(req.body.messages[0].content))![1]!;

/** The model reads the view it was handed, then says what stood out. */
function scriptReview(answer: string) {
  t.llm!.script(
    (req) => ({
      tools: [
        { name: 'invokeMethod', input: { objId: mentioned(req), methodName: 'getEntries', args: { limit: 50 } } },
      ],
    }),
    { text: answer },
  );
}

describe('/review', () => {
  it('week: the last 7 days with days written and entries, and what stood out from the loop on the date view', async () => {
    scriptReview('Pottery is becoming a habit.');
    await t.send(textUpdate('/review week', { messageId: 70 }));
    expect(sent()).toEqual([
      'Review of the last 7 days (2026-03-02 to 2026-03-08): 3 days written, 4 entries.\n\nPottery is becoming a habit.',
    ]);
    const first = t.llm!.requests[0]!;
    const question = JSON.stringify(first.body.messages[0].content);
    // The model got the view's interface (no entries) and a question about it, not the journal pasted.
    expect(question).toContain(`<interface of=\\"@${mentioned(first)}\\">`);
    expect(question).toContain('Journal entries from 2026-03-02 to 2026-03-08: 3 days, 4 entries');
    expect(question).not.toContain('long walk');
    // Its tool call read that view only.
    const toolResult = JSON.stringify(t.llm!.requests[1]!.body.messages.at(-1).content);
    expect(toolResult).toContain('Monday: long walk');
    expect(toolResult).not.toContain('Too early for the week');
    expect(t.api.callsTo('sendMessage')[0]!.payload.reply_parameters).toMatchObject({ message_id: 70 });
  });

  it('month: the last calendar month', async () => {
    scriptReview('February was about pottery.');
    await t.send(textUpdate('/review month'));
    expect(sent()).toEqual([
      'Review of February 2026 (2026-02-01 to 2026-02-28): 2 days written, 2 entries.\n\nFebruary was about pottery.',
    ]);
  });

  it("the digest's Sunday button asks for the week's review", async () => {
    scriptReview('A calm week.');
    await t.send({
      callback_query: {
        id: 'cb1',
        chat_instance: '1',
        data: REVIEW_WEEK_DATA,
        from: { id: OWNER_ID, is_bot: false, first_name: 'Owner' },
        message: {
          message_id: 900,
          date: 0,
          chat: { id: OWNER_ID, type: 'private', first_name: 'Owner' },
          text: 'Your digest…',
        },
      },
    });
    expect(t.api.callsTo('answerCallbackQuery')).toHaveLength(1);
    expect(sent()).toEqual([
      'Review of the last 7 days (2026-03-02 to 2026-03-08): 3 days written, 4 entries.\n\nA calm week.',
    ]);
  });

  it('a period without entries, or an unknown period, never reaches the model', async () => {
    await t.temp.db.deleteFrom('entry').where('local_day', '<', '2026-03-01').execute();
    await t.send(textUpdate('/review month'));
    await t.send(textUpdate('/review year'));
    expect(sent()).toEqual([
      'Review of February 2026 (2026-02-01 to 2026-02-28): 0 days written, 0 entries.\nNothing to review yet: write a line and it counts.',
      REVIEW_USAGE,
    ]);
    expect(t.llm!.requests).toHaveLength(0);
  });
});
