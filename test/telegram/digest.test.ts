// Daily digests through the Bot API stand-in with a clock the test moves: on time, once a day, across restarts,
// late or skipped after downtime, retried after a refusal, and once even when two processes look at the same time.
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/wiring/app.ts';
import { NUDGE_TEXT, REVIEW_WEEK_DATA, WEEKLY_OFFER_TEXT } from '../../src/telegram/digest-delivery.ts';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('digests', () => {
  let t: TestApp;
  let now = new Date('2026-03-03T06:00:00Z');
  const clock = () => now;
  // Berlin is UTC+1 in early March: 08:00 there is 07:00 UTC.
  const at = (iso: string) => void (now = new Date(iso));

  afterEach(() => t.close());

  // A key, so the AI is on and Sundays offer a review (nothing here calls the model).
  async function digestApp() {
    at('2026-03-03T06:00:00Z');
    t = await createTestApp({ JOURNAL_TIMEZONE: 'Europe/Berlin', ANTHROPIC_API_KEY: 'test-key' }, clock);
    await seedEntries(t.temp.db, OWNER_ID, [
      ['2024-03-03T09:00:00Z', 'Two years ago: first day at the new job'],
      ['2025-03-03T09:00:00Z', 'Last year: snow'],
    ]);
    await t.send(textUpdate('/digest 08:00'));
  }

  const digests = () => t.api.callsTo('sendMessage').filter((c) => String(c.payload.text).startsWith('Your digest'));
  const replies = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));

  describe('/digest', () => {
    it('turns on at a local time, says how it stands, turns off, and explains a bad time', async () => {
      await digestApp();
      await t.send(textUpdate('/digest'));
      await t.send(textUpdate('/digest 25:00'));
      await t.send(textUpdate('/digest off'));
      await t.send(textUpdate('/digest'));
      expect(replies()).toEqual([
        expect.stringMatching(/^Daily digest on: every day at 08:00 \(Europe\/Berlin\)/),
        expect.stringMatching(/^Your daily digest comes every day at 08:00 \(Europe\/Berlin\)/),
        '"25:00" is not a time of day. Use /digest HH:MM for a daily digest at that time (e.g. /digest 08:00), or /digest off to stop it.',
        'Daily digest off. /digest HH:MM turns it on again.',
        'The daily digest is off. Use /digest HH:MM for a daily digest at that time (e.g. /digest 08:00), or /digest off to stop it.',
      ]);
      expect(await t.temp.db.selectFrom('digest_subscription').selectAll().execute()).toEqual([]);
      expect(await t.temp.db.selectFrom('entry').select('id').execute()).toHaveLength(2);
    });
  });

  describe('daily digest', () => {
    it("goes out at the owner's local time with on-this-day entries and a nudge, once for the day", async () => {
      await digestApp();
      at('2026-03-03T06:59:00Z');
      await t.app.digests.tick();
      expect(digests()).toHaveLength(0);
      at('2026-03-03T07:00:00Z');
      await t.app.digests.tick();
      at('2026-03-03T07:05:00Z');
      await t.app.digests.tick();
      expect(digests().map((c) => [c.payload.chat_id, c.payload.text])).toEqual([
        [
          OWNER_ID,
          'Your digest for Tuesday, 2026-03-03\n\nOn this day, 03-03 (MM-DD): 2 entries from 2 years.\n\n' +
            '2025-03-03 · 1 year ago\n09:00 Last year: snow\n\n2024-03-03 · 2 years ago\n09:00 Two years ago: first day at the new job\n\n' +
            NUDGE_TEXT,
        ],
      ]);
      // The day's mood as five buttons.
      expect(digests()[0]!.payload.reply_markup).toEqual({
        inline_keyboard: [
          [1, 2, 3, 4, 5].map((n, i) => ({
            text: ['😞', '🙁', '😐', '🙂', '😄'][i],
            callback_data: `mood:2026-03-03:${n}`,
          })),
        ],
      });
    });

    it('leaves the nudge out after a day with writing, and offers the weekly review on Sundays', async () => {
      await digestApp();
      await t.send(textUpdate('Saturday notes', { date: Date.parse('2026-03-07T18:00:00Z') / 1000 }));
      at('2026-03-08T07:30:00Z'); // Sunday
      await t.app.digests.tick();
      const [sunday] = digests();
      expect(sunday!.payload.text).not.toContain(NUDGE_TEXT);
      expect(sunday!.payload.text).toContain('Nothing written on 03-08 (MM-DD) in any year yet.');
      expect(sunday!.payload.text).toContain(WEEKLY_OFFER_TEXT);
      expect(sunday!.payload.reply_markup).toEqual({
        inline_keyboard: [
          [{ text: 'Review my week', callback_data: REVIEW_WEEK_DATA }],
          [1, 2, 3, 4, 5].map((n, i) => ({
            text: ['😞', '🙁', '😐', '🙂', '😄'][i],
            callback_data: `mood:2026-03-08:${n}`,
          })),
        ],
      });
    });

    it('does not send a digest for a time that had passed when it was turned on', async () => {
      at('2026-03-03T12:00:00Z');
      t = await createTestApp({ JOURNAL_TIMEZONE: 'Europe/Berlin' }, clock);
      await t.send(textUpdate('/digest 08:00'));
      await t.app.digests.tick();
      expect(digests()).toHaveLength(0);
      at('2026-03-04T07:00:00Z');
      await t.app.digests.tick();
      expect(digests().map((c) => String(c.payload.text).split('\n')[0])).toEqual([
        'Your digest for Wednesday, 2026-03-04',
      ]);
    });

    it('is kept across restarts: a digest missed while down goes out once at start if under 12 hours late', async () => {
      await digestApp();
      at('2026-03-03T18:59:00Z'); // 11 h 59 min late, after a restart
      await t.restart();
      t.app.digests.start();
      await t.api.waitFor(() => digests().length === 1);
      await t.app.digests.stop();
      await t.restart();
      await t.app.digests.tick();
      expect(digests()).toHaveLength(1);
      expect(
        await t.temp.db.selectFrom('digest_delivery').select(['local_day', 'status', 'attempts']).execute(),
      ).toEqual([{ local_day: '2026-03-03', status: 'sent', attempts: 1 }]);
    });

    it('skips a digest 12 hours late or more, and sends the next day as usual', async () => {
      await digestApp();
      at('2026-03-03T19:00:00Z');
      await t.restart();
      await t.app.digests.tick();
      expect(digests()).toHaveLength(0);
      expect(t.logger.lines.filter((l) => l.includes('digest.skipped_late'))).toHaveLength(1);
      at('2026-03-04T07:00:00Z');
      await t.app.digests.tick();
      expect(digests().map((c) => String(c.payload.text).split('\n')[0])).toEqual([
        'Your digest for Wednesday, 2026-03-04',
      ]);
    });

    it('tries again after Telegram refuses it, and still sends it only once', async () => {
      await digestApp();
      at('2026-03-03T07:00:00Z');
      t.api.fail('sendMessage', { error_code: 400, description: 'Bad Request: chat not found' });
      await t.app.digests.tick();
      expect(digests()).toHaveLength(1); // the refused attempt reached the stand-in
      at('2026-03-03T07:01:00Z');
      await t.app.digests.tick();
      await t.app.digests.tick();
      expect(digests()).toHaveLength(2);
      expect(await t.temp.db.selectFrom('digest_delivery').select(['status', 'attempts']).execute()).toEqual([
        { status: 'sent', attempts: 2 },
      ]);
    });

    it('goes out once when two processes on the same database look at the same moment', async () => {
      await digestApp();
      at('2026-03-03T07:00:00Z');
      const otherDb = t.temp.openAnother();
      try {
        const other = createApp(TEST_TOKEN, {
          config: t.config,
          db: otherDb,
          logger: t.logger,
          clock,
          botInfo: TEST_BOT_INFO,
        });
        await Promise.all([t.app.digests.tick(), other.digests.tick(), t.app.digests.tick(), other.digests.tick()]);
      } finally {
        await otherDb.destroy();
      }
      expect(digests()).toHaveLength(1);
    });
  });
});
