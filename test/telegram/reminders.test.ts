// Daily reminders to write through the Bot API stand-in, with a clock the test moves: at the minute, only on days
// without an entry, once a day across restarts, two instances and DST days; the buttons; a reply keeps the prompt.
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/wiring/app.ts';
import { REMINDER_HEAD } from '../../src/telegram/reminder-delivery.ts';
import { BUILT_IN_PROMPTS } from '../../src/journal/prompts/writing-prompts.ts';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('reminders', () => {
  let t: TestApp;
  let now = new Date('2026-03-03T06:00:00Z');
  const clock = () => now;
  const at = (iso: string) => void (now = new Date(iso));
  afterEach(() => t.close());

  async function reminderApp(time = '21:00', start = '2026-03-03T06:00:00Z') {
    at(start);
    t = await createTestApp({ JOURNAL_TIMEZONE: 'Europe/Berlin' }, clock);
    await t.send(textUpdate(`/remind ${time}`));
  }

  const reminders = () => t.api.callsTo('sendMessage').filter((c) => String(c.payload.text).startsWith(REMINDER_HEAD));
  const replies = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));
  const unix = (iso: string) => Date.parse(iso) / 1000;
  const button = (data: string) => ({
    callback_query: {
      id: `cb-${data}`,
      chat_instance: '1',
      data,
      from: { id: OWNER_ID, is_bot: false, first_name: 'Owner' },
      message: {
        message_id: 900,
        date: 0,
        chat: { id: OWNER_ID, type: 'private', first_name: 'Owner' },
        text: REMINDER_HEAD,
      },
    },
  });

  it('/remind sets a time, says how it stands, and /remind off answers', async () => {
    await reminderApp();
    await t.send(textUpdate('/remind'));
    await t.send(textUpdate('/remind 25:00'));
    await t.send(textUpdate('/remind off'));
    await t.send(textUpdate('/remind off'));
    expect(replies()).toEqual([
      'Reminder on: at 21:00 (Europe/Berlin) on days you have not written yet, with a question to start from. /remind off stops it.',
      'Your reminder to write comes at 21:00 (Europe/Berlin) on days you have not written yet. /remind off stops it.',
      expect.stringMatching(/^"25:00" is not a time of day\. Use \/remind HH:MM/),
      'Reminder off. /remind HH:MM turns it on again.',
      expect.stringMatching(/^The reminder was already off\./),
    ]);
    expect(await t.temp.db.selectFrom('entry').select('id').execute()).toEqual([]);
    at('2026-03-03T20:00:00Z');
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(0);
  });

  it('an owner who wrote nothing gets exactly one reminder at that minute, with a prompt and the buttons', async () => {
    await reminderApp();
    at('2026-03-03T19:59:59Z');
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(0);
    at('2026-03-03T20:00:00Z'); // 21:00 in Berlin
    await t.app.reminders.tick();
    at('2026-03-03T20:01:00Z');
    await t.app.reminders.tick();
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(1);
    const [sent] = reminders();
    const prompt = String(sent!.payload.text)
      .slice(REMINDER_HEAD.length + 1)
      .split('\n')[0];
    expect(BUILT_IN_PROMPTS).toContain(prompt);
    const keyboard = (sent!.payload.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] })
      .inline_keyboard;
    expect(keyboard.map((row) => row.map((b) => b.callback_data))).toEqual([
      ['reminder:snooze:2026-03-03', 'reminder:skip:2026-03-03'],
      ['mood:2026-03-03:1', 'mood:2026-03-03:2', 'mood:2026-03-03:3', 'mood:2026-03-03:4', 'mood:2026-03-03:5'],
    ]);
    // The next day, again once.
    at('2026-03-04T20:00:30Z');
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(2);
  });

  it('an owner who wrote that day gets none; commands and moods do not count as writing', async () => {
    await reminderApp();
    await t.send(textUpdate('/mood 4', { date: unix('2026-03-03T10:00:00Z') }));
    at('2026-03-03T20:00:00Z');
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(1);
    await t.send(textUpdate('A walk in the park', { date: unix('2026-03-04T09:00:00Z') }));
    at('2026-03-04T20:00:00Z');
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(1);
    expect(
      await t.app.reminders
        .tick()
        .then(() =>
          t.temp.db.selectFrom('reminder_delivery').select(['local_day', 'status']).orderBy('local_day').execute(),
        ),
    ).toEqual([
      { local_day: '2026-03-03', status: 'sent' },
      { local_day: '2026-03-04', status: 'wrote' },
    ]);
  });

  it('after a restart nothing is sent again that day; one missed while down goes out once if under 3 hours late', async () => {
    await reminderApp();
    at('2026-03-03T20:00:00Z');
    await t.app.reminders.tick();
    await t.restart();
    t.app.reminders.start();
    await t.app.reminders.stop();
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(1);
    // Down over the next day's time: a start 2 h 59 min late sends it; a later start would not.
    at('2026-03-04T22:59:00Z');
    await t.restart();
    t.app.reminders.start();
    await t.api.waitFor(() => reminders().length === 2);
    await t.app.reminders.stop();
    at('2026-03-05T23:00:00Z');
    await t.restart();
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(2);
  });

  it('goes out once when two instances on one database look at the same moment', async () => {
    await reminderApp();
    at('2026-03-03T20:00:00Z');
    const otherDb = t.temp.openAnother();
    try {
      const other = createApp(TEST_TOKEN, {
        config: t.config,
        db: otherDb,
        logger: t.logger,
        clock,
        botInfo: TEST_BOT_INFO,
        instanceId: 'other:1',
      });
      await Promise.all([
        t.app.reminders.tick(),
        other.reminders.tick(),
        t.app.reminders.tick(),
        other.reminders.tick(),
      ]);
    } finally {
      await otherDb.destroy();
    }
    expect(reminders()).toHaveLength(1);
  });

  describe('DST days in Europe/Berlin', () => {
    it('a reminder inside the skipped hour (last Sunday of March) is sent once, just after it', async () => {
      await reminderApp('02:30', '2026-03-28T12:00:00Z');
      for (const iso of ['2026-03-29T00:30:00Z', '2026-03-29T01:00:00Z', '2026-03-29T01:29:00Z']) {
        at(iso);
        await t.app.reminders.tick();
      }
      expect(reminders()).toHaveLength(0);
      for (const iso of ['2026-03-29T01:30:00Z', '2026-03-29T02:30:00Z', '2026-03-29T03:30:00Z']) {
        at(iso);
        await t.app.reminders.tick();
      }
      expect(reminders()).toHaveLength(1);
    });

    it('a reminder inside the repeated hour (last Sunday of October) is sent once, at its first occurrence', async () => {
      await reminderApp('02:30', '2026-10-24T12:00:00Z');
      at('2026-10-25T00:29:00Z');
      await t.app.reminders.tick();
      expect(reminders()).toHaveLength(0);
      at('2026-10-25T00:30:00Z'); // 02:30 CEST
      await t.app.reminders.tick();
      at('2026-10-25T01:30:00Z'); // 02:30 CET, the same wall clock again
      await t.app.reminders.tick();
      expect(reminders()).toHaveLength(1);
    });
  });

  it('snooze sends it again an hour later, once; skip stops the day', async () => {
    await reminderApp();
    at('2026-03-03T20:00:00Z');
    await t.app.reminders.tick();
    await t.send(button('reminder:snooze:2026-03-03'));
    at('2026-03-03T20:59:00Z');
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(1);
    at('2026-03-03T21:00:00Z');
    await t.app.reminders.tick();
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(2);
    await t.send(button('reminder:snooze:2026-03-03'));
    await t.send(button('reminder:skip:2026-03-03'));
    at('2026-03-03T22:30:00Z');
    await t.app.reminders.tick();
    expect(reminders()).toHaveLength(2);
    await t.send(button('reminder:skip:2026-03-02'));
    expect(t.api.callsTo('answerCallbackQuery').map((c) => c.payload.text)).toEqual([
      'Again in an hour.',
      'Again in an hour.',
      'No more reminders today.',
      'That reminder is over.',
    ]);
  });

  it('a reply to the reminder is an entry that keeps its prompt', async () => {
    await reminderApp();
    at('2026-03-03T20:00:00Z');
    await t.app.reminders.tick();
    const [sent] = reminders();
    const messageId = (await t.temp.db.selectFrom('reminder_delivery').select('message_id').executeTakeFirstOrThrow())
      .message_id;
    const prompt = String(sent!.payload.text)
      .slice(REMINDER_HEAD.length + 1)
      .split('\n')[0];
    const reply = textUpdate('Tea and a book', { date: unix('2026-03-03T20:05:00Z') });
    await t.send({
      message: {
        ...reply.message,
        reply_to_message: {
          message_id: Number(messageId),
          date: unix('2026-03-03T20:00:00Z'),
          chat: reply.message.chat,
          text: sent!.payload.text,
        },
      },
    });
    const rows = await t.temp.db
      .selectFrom('entry_prompt')
      .innerJoin('entry', 'entry.id', 'entry_prompt.entry_id')
      .select(['entry.content', 'entry_prompt.prompt'])
      .execute();
    expect(rows).toEqual([{ content: 'Tea and a book', prompt }]);
  });
});
