// /search and /day without any model, on each store: the matching entries newest first with ◀ ▶ paging (the buttons
// hold a handle and an offset, and only its owner can page), a day's entries in order; with the AI off a question
// gets one line and the Messages API stand-in receives nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeDigest } from '../../src/telegram/digest-delivery.ts';
import { AI_SWITCHED_OFF_TEXT, NO_API_KEY_TEXT } from '../../src/telegram/features/question.ts';
import { DAY_USAGE } from '../../src/telegram/features/day.ts';
import { SEARCH_USAGE } from '../../src/telegram/features/search.ts';
import { describeStores } from '../helpers/stores.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { OWNER_ID, STRANGER_ID, textUpdate } from '../helpers/updates.ts';
import { TEST_BOT_INFO } from '../stand-ins/bot-api.ts';

const OTHER_OWNER = 333;

/** Twelve walks on twelve days of April, two other entries on 2024-04-01, one on "yesterday" (the clock says 2024-06-01). */
const WALKS = Array.from(
  { length: 12 },
  (_, i) => [`2024-04-${String(i + 1).padStart(2, '0')}T18:00:00Z`, `Evening walk number ${i + 1}`] as const,
);
const OTHERS = [
  ['2024-04-01T07:00:00Z', 'Coffee before work'],
  ['2024-04-01T12:30:00Z', 'Lunch with Ana\nWe talked about the trip.'],
  ['2024-05-31T21:00:00Z', 'Late note yesterday'],
] as const;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
/** The app of the running test. */
const app = (): TestApp => {
  if (!t) throw new Error('no app');
  return t;
};

const sent = () =>
  app()
    .api.callsTo('sendMessage')
    .map((c) => c.payload);
type Button = { text: string; callback_data: string };
/** The first row of a message's inline keyboard, as [label, callback data]. */
const buttons = (payload: { reply_markup?: { inline_keyboard?: Button[][] } }): (readonly [string, string])[] =>
  (payload.reply_markup?.inline_keyboard?.[0] ?? []).map((b) => [b.text, b.callback_data] as const);

function press(data: string, from = OWNER_ID) {
  return {
    callback_query: {
      id: `cb-${from}-${data}`,
      from: { id: from, is_bot: false, first_name: 'Someone' },
      chat_instance: 'ci',
      data,
      message: {
        message_id: 30_000,
        date: 0,
        chat: { id: from, type: 'private', first_name: 'Someone' },
        from: TEST_BOT_INFO,
        text: 'a list',
      },
    },
  };
}

describeStores('search and browse without a model', () => {
  beforeEach(async () => {
    // The stand-in runs, but no key is configured: nothing may reach it.
    t = await createTestApp({ ANTHROPIC_API_KEY: '', ALLOWED_USER_IDS: `${OWNER_ID},${OTHER_OWNER}` }, undefined, {
      messagesApi: true,
    });
    await seedEntries(app().temp.db, OWNER_ID, [...WALKS, ...OTHERS]);
    await seedEntries(app().temp.db, OTHER_OWNER, [['2024-04-03T10:00:00Z', 'Another walk, not yours']]);
  });

  it('/search walk lists best matches first (equal ones newest first), five a message, and pages with ◀ ▶ for their owner only', async () => {
    await app().send(textUpdate('/search walk'));
    const first = sent()[0]!;
    expect(first.text).toMatch(
      /^Journal entries containing "walk": 12 entries, best matches first \(1–5\)\n\n2024-04-12 18:00 · #12\nEvening walk number 12\n\n2024-04-11/,
    );
    expect(first.text).not.toContain('not yours');
    const next = buttons(first);
    expect(next.map(([label]) => label)).toEqual(['▶']);
    const [, nextData] = next[0]!;
    expect(nextData).toMatch(/^p:b:[0-9a-f-]{36}:5$/);
    expect(Buffer.byteLength(nextData)).toBeLessThanOrEqual(64);

    await app().send(press(nextData));
    const second = app().api.callsTo('editMessageText').at(-1)!.payload;
    expect(second.text).toMatch(/\(6–10\)\n\n2024-04-07 18:00 · #7\nEvening walk number 7/);
    expect(buttons(second).map(([label]) => label)).toEqual(['◀', '▶']);
    await app().send(press(buttons(second)[1]![1]));
    const last = app().api.callsTo('editMessageText').at(-1)!.payload;
    expect(last.text).toMatch(
      /\(11–12\)\n\n2024-04-02 18:00 · #2\nEvening walk number 2\n\n2024-04-01 18:00 · #1\nEvening walk number 1$/,
    );
    expect(buttons(last).map(([label]) => label)).toEqual(['◀']);

    // Another owner pressing the same button gets nothing (the handle is not theirs); a stranger gets the one line.
    const edits = app().api.callsTo('editMessageText').length;
    await app().send(press(nextData, OTHER_OWNER));
    await app().send(press(nextData, STRANGER_ID));
    expect(app().api.callsTo('editMessageText')).toHaveLength(edits);
    expect(
      app()
        .api.callsTo('answerCallbackQuery')
        .slice(-2)
        .map((c) => c.payload.text),
    ).toEqual([undefined, expect.stringContaining('private journal bot')]);
  });

  it('/search applies the time its query names and says the range', async () => {
    await app().send(textUpdate('/search walk on April 3, 2024'));
    const text = sent()[0]!.text;
    expect(text).toMatch(/^Journal entries containing "walk" from 2024-04-03 to 2024-04-03: 1 entry/);
    expect(text).toContain('Evening walk number 3');
    expect(text).not.toContain('Evening walk number 4');
  });

  it('/search speaks the search syntax: bad queries say why, no match says so, a bare /search explains', async () => {
    await app().send(textUpdate('/search'));
    await app().send(textUpdate('/search title:walk'));
    await app().send(textUpdate('/search "trip" -coffee'));
    await app().send(textUpdate('/search zeppelin'));
    const texts = sent().map((p) => p.text);
    expect(texts[0]).toBe(SEARCH_USAGE);
    expect(texts[1]).toMatch(/^That search cannot run: .*query/);
    expect(texts[2]).toMatch(
      /^Journal entries containing the phrase "trip", without "coffee": 1 entry\n\n2024-04-01 12:30 · #14\nLunch with Ana\nWe talked about the trip\.$/,
    );
    expect(texts[3]).toBe('No entries match "zeppelin".');
  });

  it('/day lists a day in the order written; /day is today, /day yesterday the day before', async () => {
    await app().send(textUpdate('/day 2024-04-01'));
    await app().send(textUpdate('/day'));
    await app().send(textUpdate('/day yesterday'));
    await app().send(textUpdate('/day 2024-02-30'));
    const texts = sent().map((p) => p.text);
    expect(texts[0]).toBe(
      'Your entries of 2024-04-01: 3 entries, oldest first\n\n2024-04-01 07:00 · #13\nCoffee before work\n\n2024-04-01 12:30 · #14\nLunch with Ana\nWe talked about the trip.\n\n2024-04-01 18:00 · #1\nEvening walk number 1',
    );
    expect(texts[1]).toBe('Nothing written on 2024-06-01.');
    expect(texts[2]).toBe('Your entries of 2024-05-31: 1 entry\n\n2024-05-31 21:00 · #15\nLate note yesterday');
    expect(texts[3]).toBe(`"2024-02-30" is not a day. ${DAY_USAGE}`);
  });

  it('with no key a question gets one line, /forget still works, and the stand-in receives nothing', async () => {
    await app().send(textUpdate('@journal how many walks did I take?'));
    await app().send(textUpdate('Captured all the same'));
    await app().send(textUpdate('/forget 13'));
    expect(sent()[0]!.text).toBe(NO_API_KEY_TEXT);
    expect(sent()[1]!.text).toMatch(/^Forget this entry\?\n2024-04-01 07:00 · #13\nCoffee before work/);
    expect(app().api.callsTo('setMessageReaction')).toHaveLength(1);
    expect(app().llm!.requests).toEqual([]);
  });
});

describeStores('JOURNAL_AI=off', () => {
  beforeEach(async () => {
    // A key is set and the stand-in is up: the switch alone keeps everything from it.
    t = await createTestApp({ JOURNAL_AI: 'off' }, undefined, { messagesApi: true });
    await seedEntries(app().temp.db, OWNER_ID, WALKS);
  });

  it('a question gets the AI-off line, /ask, /review and /trace the same (not "no key"); search works', async () => {
    await app().send(textUpdate('@journal how many walks?'));
    await app().send(textUpdate('/ask what did I do?'));
    await app().send(textUpdate('/review week'));
    await app().send(textUpdate('/trace'));
    await app().send(textUpdate('/search walk number 3'));
    const texts = sent().map((p) => p.text);
    expect(texts.slice(0, 4)).toEqual([
      AI_SWITCHED_OFF_TEXT,
      AI_SWITCHED_OFF_TEXT,
      AI_SWITCHED_OFF_TEXT,
      AI_SWITCHED_OFF_TEXT,
    ]);
    expect(texts[4]).toMatch(
      /^Journal entries containing any of "walk", "number", "3": 12 entries, best matches first \(1–5\)\n\n2024-04-03 18:00 · #3/,
    );
    expect(app().llm!.requests).toEqual([]);
  });
});

describe('the digest without the AI', () => {
  it('offers no review on Sundays', async () => {
    const journal = {
      onThisDay: async (_owner: number, date: string) => ({ date, entries: [], total: 0 }),
      wroteOn: async () => true,
    };
    const sunday = '2024-06-02';
    expect((await composeDigest(journal, OWNER_ID, sunday)).offerWeeklyReview).toBe(true);
    const off = await composeDigest(journal, OWNER_ID, sunday, { offerReview: false });
    expect(off.offerWeeklyReview).toBe(false);
    expect(off.text).not.toContain('review');
  });
});
