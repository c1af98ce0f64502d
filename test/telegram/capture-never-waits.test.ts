// Capture never waits: a question runs as a job, so what the owner writes meanwhile is stored and acknowledged while
// the Messages API stand-in holds the question's HTTP answer open. A question cut off by a stop is asked again at the
// next start, and one cut off too often is given up with a Retry button; no conversation is left pending.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notFinishedText } from '../../src/telegram/jobs/job-runner.ts';
import { strangerLine } from '../../src/telegram/features/access.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, STRANGER_ID, photoUpdate, textUpdate } from '../helpers/updates.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';
import type { MessagesApiStandIn } from '../stand-ins/messages-api.ts';

let t: TestApp;
let llm: MessagesApiStandIn;
beforeEach(async () => {
  t = await createTestApp({}, undefined, { messagesApi: true });
  llm = t.llm!;
});
afterEach(() => t.close());

const QUESTION = '@journal what did I write today?';
const sent = () => t.api.callsTo('sendMessage').map((c) => c.payload);
const reactions = () => t.api.callsTo('setMessageReaction').map((c) => c.payload.message_id as number);
const storedIds = async () =>
  (await t.temp.db.selectFrom('entry').select('message_id').orderBy('message_id').execute()).map((r) => r.message_id);
const statuses = async (table: 'conversation' | 'job') =>
  (await t.temp.db.selectFrom(table).select('status').orderBy('id').execute()).map((r) => r.status);

/** A turn whose HTTP answer is held open until the returned release is called. */
function heldTurn(text: string) {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { turn: { until, then: { text } }, release };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function pressButton(callbackData: string, messageId: number, from = OWNER_ID) {
  return {
    callback_query: {
      id: `cb-${messageId}`,
      from: { id: from, is_bot: false, first_name: 'Someone' },
      chat_instance: 'ci',
      data: callbackData,
      message: {
        message_id: messageId,
        date: 0,
        chat: { id: from, type: 'private', first_name: 'Someone' },
        from: TEST_BOT_INFO,
        text: 'a bot message',
      },
    },
  };
}

describe('capture never waits', () => {
  it('five entries sent while the model holds a question open are each stored and acknowledged before it answers', async () => {
    const held = heldTurn('You wrote five things today.');
    llm.script(held.turn);
    await t.deliver(textUpdate(QUESTION, { messageId: 1 }));
    await waitFor(() => llm.requests.length === 1, 'the question to reach the model');

    for (let i = 2; i <= 6; i++) {
      await t.deliver(textUpdate(`written while waiting ${i}`, { messageId: i }));
      await waitFor(() => reactions().includes(i), `the ✍ for message ${i}`);
    }
    expect(await storedIds()).toEqual([2, 3, 4, 5, 6]);
    expect(sent()).toEqual([]); // the question is still open
    expect(await statuses('job')).toEqual(['running']);

    held.release();
    await t.app.idle();
    expect(sent().map((m) => m.text)).toEqual(['You wrote five things today.']);
    expect(sent()[0]!.reply_parameters).toMatchObject({ message_id: 1 });
    expect(await statuses('job')).toEqual(['done']);
    expect(await statuses('conversation')).toEqual(['answered']);
  });

  it('a photo captioned with @journal is a question, not an entry', async () => {
    llm.script({ text: 'On 3 days.' });
    await t.send(photoUpdate('@journal how many days did I write in May?', { messageId: 9 }));
    expect(await storedIds()).toEqual([]);
    expect(llm.requests[0]!.body.messages[0].content.at(-1)).toEqual({
      type: 'text',
      text: '@journal how many days did I write in May?',
    });
    expect(sent()).toEqual([
      expect.objectContaining({ text: 'On 3 days.', reply_parameters: expect.objectContaining({ message_id: 9 }) }),
    ]);
  });

  it('a stranger pressing a Retry button gets the callback answered with the private-bot line', async () => {
    await t.send(pressButton('retry:1', 5, STRANGER_ID));
    expect(t.api.callsTo('answerCallbackQuery').map((c) => c.payload)).toEqual([
      { callback_query_id: 'cb-5', text: strangerLine(STRANGER_ID), show_alert: true },
    ]);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('a question cut off by a stop', () => {
  it('is asked again at the next start and answered; the cut-off conversation is failed, not pending', async () => {
    llm.script(heldTurn('never sent').turn, { text: 'Answered after the restart.' });
    await t.deliver(textUpdate(QUESTION, { messageId: 20 }));
    await waitFor(() => llm.requests.length === 1, 'the question to reach the model');

    await t.restart(); // stop (the question is in flight) and start again on the same file
    await t.app.idle();
    expect(llm.requests).toHaveLength(2);
    expect(sent().map((m) => m.text)).toEqual(['Answered after the restart.']);
    expect(await statuses('job')).toEqual(['done']);
    expect(await statuses('conversation')).not.toContain('pending');
  });

  it('cut off three times, it is given up with a Retry button that asks it again', async () => {
    llm.script(heldTurn('1').turn, heldTurn('2').turn, heldTurn('3').turn);
    await t.deliver(textUpdate(QUESTION, { messageId: 30 }));
    for (let n = 1; n <= 3; n++) {
      await waitFor(() => llm.requests.length === n, `start ${n} to reach the model`);
      await t.restart();
    }
    const [notice] = sent();
    expect(notice).toMatchObject({ text: notFinishedText('your question'), reply_parameters: { message_id: 30 } });
    expect(await statuses('job')).toEqual(['failed']);
    expect(await statuses('conversation')).not.toContain('pending');

    llm.script({ text: 'Asked again, answered.' });
    await t.send(pressButton(notice!.reply_markup.inline_keyboard[0][0].callback_data, 10_000));
    expect(sent().at(-1)).toMatchObject({ text: 'Asked again, answered.', reply_parameters: { message_id: 30 } });
    expect(await statuses('job')).toEqual(['done']);
  });
});
