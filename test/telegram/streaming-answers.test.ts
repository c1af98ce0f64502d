// Answers that appear as they are written: the question loop streams from the Messages API stand-in (SSE over real
// HTTP, through the real SDK), and in a private chat the text so far goes to Telegram as a message draft
// (sendMessageDraft) before the final formatted message. Groups get one message; a refused draft never costs the answer.
import { Context } from 'grammy';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJournalQuestions } from '../../src/wiring/app.ts';
import { DRAFT_EVERY_MS, draftOf } from '../../src/telegram/answer-draft.ts';
import { askAndReply } from '../../src/telegram/features/question.ts';
import { formatMarkdown } from '../../src/telegram/markdown.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';
import { lastToolResult } from '../stand-ins/messages-api.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { seedEntries } from '../helpers/seed-entries.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, undefined, { messagesApi: true });
});
afterEach(() => t.close());

const drafts = () => t.api.callsTo('sendMessageDraft').map((c) => c.payload);
const sent = () => t.api.callsTo('sendMessage').map((c) => c.payload);
const ANSWER = '**April** was _busy_: you wrote on `3` days.\n\n- coffee with Ana\n- a run of **5 km**';

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('streamed answers in a private chat', () => {
  it('show the text so far as a draft while the model is still writing, then the final formatted message', async () => {
    const stream = gate();
    t.llm!.script({ holdAfterChars: 24, until: stream.promise, then: { text: ANSWER } });
    const updateId = await t.deliver(textUpdate('@journal how was April?', { messageId: 5 }));

    // The stand-in has sent "**April** was _busy_: yo" and holds the HTTP answer open: no message_stop yet.
    await t.api.waitFor((calls) => calls.some((c) => c.method === 'sendMessageDraft'));
    const [draft] = drafts();
    expect(draft).toMatchObject({ chat_id: OWNER_ID, draft_id: updateId, text: 'April was busy: yo' });
    // Through the same converter as the answer: entities, never parse_mode over half-written Markdown.
    expect(draft!.parse_mode).toBeUndefined();
    expect(draft!.entities).toEqual([
      { type: 'bold', offset: 0, length: 5 },
      { type: 'italic', offset: 10, length: 4 },
    ]);
    expect(sent()).toHaveLength(0);
    expect(t.llm!.requests[0]!.body.stream).toBe(true);

    stream.open();
    await t.app.idle();
    const [final] = formatMarkdown(ANSWER);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({
      text: final!.text,
      entities: final!.entities,
      reply_parameters: { message_id: 5 },
    });
    // Every draft came before the final message, all under one draft id.
    const order = t.api.calls.map((c) => c.method).filter((m) => m === 'sendMessageDraft' || m === 'sendMessage');
    expect(order.at(-1)).toBe('sendMessage');
    expect(order.filter((m) => m === 'sendMessage')).toHaveLength(1);
    expect(new Set(drafts().map((d) => d.draft_id))).toEqual(new Set([updateId]));
  });

  it('never show thinking or tool traffic: only the text the model writes for the reader', async () => {
    await seedEntries(t.temp.db, OWNER_ID, [
      ['2024-04-02T09:00:00Z', 'a walk'],
      ['2024-04-07T09:00:00Z', 'coffee'],
      ['2024-04-20T09:00:00Z', 'a run'],
    ]);
    const lastTurn = gate();
    t.llm!.script(
      {
        thinking: 'SECRET-THINKING-ONE: narrow to April first',
        text: 'Let me look at April.',
        tools: [
          {
            name: 'invokeMethod',
            input: {
              objId: 'journal',
              methodName: 'getDateRangeView',
              args: { startDate: '2024-04-01', endDate: '2024-04-30' },
            },
          },
        ],
      },
      (req) => ({
        thinking: 'SECRET-THINKING-TWO',
        tools: [
          { name: 'invokeMethod', input: { objId: lastToolResult(req).handle, methodName: 'getDayCount', args: {} } },
        ],
      }),
      // The final turn is held after its first words until its draft has been seen (drafts are at most one a second).
      {
        holdAfterChars: 12,
        until: lastTurn.promise,
        then: { thinking: 'SECRET-THINKING-THREE: it is 3', text: 'You wrote on **3 days** in April.' },
      },
    );
    await t.deliver(textUpdate('@journal how many days did I write in April?'));
    await t.api.waitFor((calls) =>
      calls.some((c) => c.method === 'sendMessageDraft' && String(c.payload.text).startsWith('You wrote')),
    );
    lastTurn.open();
    await t.app.idle();

    const texts = drafts().map((d) => String(d.text));
    expect(texts[0]).toBe('Let me look at April.'.slice(0, texts[0]!.length));
    for (const text of texts) {
      expect(text).not.toMatch(/SECRET|getDateRangeView|getDayCount|startDate|objId/);
      expect('Let me look at April.'.startsWith(text) || 'You wrote on 3 days in April.'.startsWith(text)).toBe(true);
    }
    expect(sent().map((m) => m.text)).toEqual(['You wrote on 3 days in April.']);
    expect(t.llm!.requests.every((r) => r.body.stream === true)).toBe(true);
  });

  it('a refused draft (an older Bot API: method not found) stops drafting for that answer; the answer arrives once', async () => {
    t.api.fail('sendMessageDraft', { error_code: 404, description: 'Not Found: method not found' });
    const stream = gate();
    t.llm!.script({ holdAfterChars: 24, until: stream.promise, then: { text: ANSWER } });
    await t.deliver(textUpdate('@journal how was April?', { messageId: 7 }));
    await t.api.waitFor((calls) => calls.some((c) => c.method === 'sendMessageDraft'));
    // Past the one-second spacing (the clock moved on, no waiting), so more text would be drafted at once if drafting
    // had not stopped. Only Date is faked: timers and sockets run as ever.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + DRAFT_EVERY_MS + 100);
      stream.open();
      await t.app.idle();
    } finally {
      vi.useRealTimers();
    }

    expect(drafts()).toHaveLength(1);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ text: formatMarkdown(ANSWER)[0]!.text, reply_parameters: { message_id: 7 } });
    expect(t.logger.lines.filter((l) => l.includes('question.draft_failed'))).toHaveLength(1);
    expect(t.logger.lines.some((l) => l.includes('update.failed'))).toBe(false);

    // The next answer drafts again: the refusal stopped that answer's drafts only.
    const second = gate();
    t.llm!.script({ holdAfterChars: 12, until: second.promise, then: { text: 'Second answer.' } });
    await t.deliver(textUpdate('@journal and May?'));
    await t.api.waitFor(() => drafts().length === 2);
    second.open();
    await t.app.idle();
    expect(drafts().at(-1)).toMatchObject({ text: 'Second answe' });
    expect(sent().at(-1)!.text).toBe('Second answer.');
  });

  it('an answer that breaks mid-stream (an overloaded error event) gets the overloaded reply with Retry, and the question is kept', async () => {
    t.llm!.script({ failAfterChars: 24, errorType: 'overloaded_error', then: { text: ANSWER } });
    await t.send(textUpdate('@journal how was April?', { messageId: 9 }));

    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.text).toMatch(/^The model is overloaded right now\. Your question is kept/);
    expect(sent()[0]!.reply_markup.inline_keyboard[0][0].text).toBe('Retry');
    expect(t.logger.lines.some((l) => l.includes('question.api_failed') && l.includes('overloaded_error'))).toBe(true);
    const [conversation] = await t.temp.db.selectFrom('conversation').selectAll().execute();
    expect(conversation).toMatchObject({ status: 'failed', pending_question: '@journal how was April?' });
  });

  it('every draft fits one message: of a long answer, the part being written', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i}: ${'word '.repeat(60).trim()}`).join('\n\n');
    const draft = draftOf(long)!;
    expect(draft.text.length).toBeLessThanOrEqual(4096);
    expect(long.endsWith(draft.text.slice(-200))).toBe(true);
  });
});

describe('streamed answers where drafts do not exist', () => {
  for (const type of ['group', 'supergroup'] as const) {
    it(`a ${type} gets no drafts, one message`, async () => {
      // The bot itself is silent in groups (access.test.ts); this drives the answer path with a group's update.
      const chat = { id: -100777, type, title: 'A group' };
      const update = {
        update_id: 900,
        message: {
          message_id: 3,
          date: 0,
          chat,
          from: { id: OWNER_ID, is_bot: false, first_name: 'Owner' },
          text: '@journal hi',
        },
      };
      const ctx = new Context(update, t.bot.api, TEST_BOT_INFO);
      const questions = createJournalQuestions({
        config: t.config,
        db: t.temp.db,
        logger: t.logger,
        clock: () => new Date('2024-06-01T12:00:00Z'),
      })!;
      t.llm!.script({ text: ANSWER });

      await askAndReply(
        ctx,
        { logger: t.logger },
        {
          questions,
          place: { ownerId: OWNER_ID, chatId: chat.id, replyTo: 3 },
          run: (options) => questions.ask(OWNER_ID, '@journal hi', undefined, options),
        },
      );

      expect(t.llm!.requests[0]!.body.stream).toBe(true);
      expect(drafts()).toHaveLength(0);
      expect(sent()).toHaveLength(1);
      expect(sent()[0]).toMatchObject({ chat_id: chat.id, text: formatMarkdown(ANSWER)[0]!.text });
    });
  }
});
