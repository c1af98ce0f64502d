// /onthisday through the Bot API stand-in: every year's entries on today's month and day, newest year first, cut to fit.
import { afterEach, describe, expect, it } from 'vitest';
import { TELEGRAM_TEXT_LIMIT } from '../../src/telegram/reply.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';

let t: TestApp;
afterEach(() => t.close());

const replies = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));

describe('/onthisday', () => {
  it("lists today's month-day in every year, newest year first, and stores nothing", async () => {
    // 23:30 UTC on April 1 is already April 2 in Berlin: "today" is the owner's day.
    t = await createTestApp({ JOURNAL_TIMEZONE: 'Europe/Berlin' }, () => new Date('2026-04-01T23:30:00Z'));
    t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
    await seedEntries(t.temp.db, OWNER_ID, [
      ['2022-04-02T08:00:00Z', 'Spring cleaning'],
      ['2024-04-02T07:00:00Z', 'Coffee with Ana'],
      ['2024-04-02T18:00:00Z', 'Evening run'],
      ['2024-04-03T09:00:00Z', 'Not this day'],
    ]);
    await t.send(textUpdate('/onthisday'));
    expect(replies()).toEqual([
      'On this day, 04-02 (MM-DD): 3 entries from 2 years.\n\n2024-04-02 · 2 years ago\n07:00 Coffee with Ana\n18:00 Evening run\n\n2022-04-02 · 4 years ago\n08:00 Spring cleaning',
    ]);
    expect(await t.temp.db.selectFrom('entry').select('id').execute()).toHaveLength(4);
  });

  it('takes another day, shows Feb 29 on Feb 28, and says when there is nothing', async () => {
    t = await createTestApp({}, () => new Date('2026-06-01T12:00:00Z'));
    t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
    await seedEntries(t.temp.db, OWNER_ID, [['2024-02-29T12:00:00Z', 'Leap day']]);
    await t.send(textUpdate('/onthisday 2025-02-28'));
    await t.send(textUpdate('/onthisday'));
    await t.send(textUpdate('/onthisday 2025-02-30'));
    expect(replies()).toEqual([
      'On this day, 02-28 (MM-DD): 1 entry from 1 year.\n\n2024-02-29 · 1 year ago\n12:00 Leap day',
      'Nothing written on 06-01 (MM-DD) in any year yet.',
      '"2025-02-30" is not a day. Use /onthisday for today, or /onthisday YYYY-MM-DD for another day, e.g. /onthisday 2024-04-01.',
    ]);
  });

  it('cuts a long history to one message and counts the rest', async () => {
    t = await createTestApp({}, () => new Date('2026-05-05T12:00:00Z'));
    t.api.refuseRichMessages(); // today's plain messages (rich ones: rich-replies.test.ts)
    const years = Array.from({ length: 40 }, (_, i) => 1986 + i);
    await seedEntries(
      t.temp.db,
      OWNER_ID,
      years.map((y) => [`${y}-05-05T10:00:00Z`, `Year ${y}: ${'words '.repeat(60)}`] as const),
    );
    await t.send(textUpdate('/onthisday'));
    const [text] = replies();
    expect(text!.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(
      text!.startsWith(
        'On this day, 05-05 (MM-DD): 40 entries from 40 years.\n\n2025-05-05 · 1 year ago\n10:00 Year 2025:',
      ),
    ).toBe(true);
    const shown = (text!.match(/^10:00 Year/gm) ?? []).length;
    expect(shown).toBeGreaterThan(5);
    expect(text!.endsWith(`…and ${40 - shown} more entries (search the day with @journal to read them).`)).toBe(true);
  });
});
