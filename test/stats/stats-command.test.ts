// /stats through the Bot API stand-in: one PNG photo (decoded: signature and IHDR size), a year, a sentence for an
// empty period, a bad year explained; and the Sunday digest followed by the week's picture.
import { afterEach, describe, expect, it } from 'vitest';
import { buildGeneratedJournal, DEMO_JOURNAL } from '../../src/demo/demo-journal.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, after checking the signature and the chunk's name. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The one uploaded file of a sendPhoto call (grammY sends it as a multipart part named at random). */
function photoFile(payload: Record<string, unknown>): Buffer {
  const files = Object.values((payload.files ?? {}) as Record<string, { content: Buffer }>);
  expect(files).toHaveLength(1);
  return files[0]!.content;
}

describe('/stats', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const photos = () => t.api.callsTo('sendPhoto');
  const texts = () => t.api.callsTo('sendMessage').map((c) => String(c.payload.text));

  it('sends the demo journal as one PNG photo of sensible size, for the last 12 months and for a year', async () => {
    t = await createTestApp({}, () => new Date('2024-06-20T12:00:00Z'));
    await buildGeneratedJournal(t.temp.db, { ownerId: OWNER_ID, ...DEMO_JOURNAL, timeZone: 'UTC' });
    await t.send(textUpdate('/stats'));
    expect(photos()).toHaveLength(1);
    const sent = photos()[0]!.payload;
    expect(String(sent.chat_id)).toBe(String(OWNER_ID));
    expect(sent.caption).toMatch(/^\d+ entries on \d+ days in the last 12 months; longest streak \d+, current \d+\.$/);
    const png = photoFile(sent);
    const { width, height } = pngSize(png);
    expect(width).toBeGreaterThanOrEqual(1000);
    expect(width).toBeLessThanOrEqual(4000);
    expect(height).toBeGreaterThanOrEqual(400);
    expect(height).toBeLessThan(width);
    expect(png.length).toBeGreaterThan(10_000);

    await t.send(textUpdate('/stats 2024'));
    expect(photos()).toHaveLength(2);
    expect(photos()[1]!.payload.caption).toBe('700 entries on 70 days in 2024; longest streak 22, current 2.');
    expect(texts()).toEqual([]);
  });

  it('answers with a sentence, not a picture, when the period holds no entries, and explains a bad year', async () => {
    t = await createTestApp({}, () => new Date('2024-06-20T12:00:00Z'));
    await t.send(textUpdate('/stats'));
    await seedEntries(t.temp.db, OWNER_ID, [['2024-04-02T09:00:00Z', 'a walk']]);
    await t.send(textUpdate('/stats 2023'));
    await t.send(textUpdate('/stats last year'));
    await t.send(textUpdate('/stats 1066'));
    expect(photos()).toEqual([]);
    expect(texts()).toEqual([
      'No entries in the last 12 months, so there is nothing to picture yet.',
      'No entries in 2023, so there is nothing to picture yet. Your entries are from another time: try /stats 2024.',
      '"last year" is not a year. Use /stats for the last 12 months, or /stats 2024 for a calendar year.',
      '1066 is outside 1970–2100. Use /stats for the last 12 months, or /stats 2024 for a calendar year.',
    ]);
  });

  it("follows the Sunday digest with the week's picture, and sends none on other days", async () => {
    let now = new Date('2024-04-13T06:00:00Z'); // Saturday
    t = await createTestApp({}, () => now);
    await seedEntries(t.temp.db, OWNER_ID, [
      ['2024-04-08T09:00:00Z', 'monday #walk'],
      ['2024-04-12T09:00:00Z', 'friday'],
    ]);
    await t.send(textUpdate('/digest 08:00'));
    now = new Date('2024-04-13T08:00:00Z');
    await t.app.digests.tick();
    expect(photos()).toHaveLength(0);
    now = new Date('2024-04-14T08:00:00Z'); // Sunday
    await t.app.digests.tick();
    expect(photos()).toHaveLength(1);
    expect(photos()[0]!.payload.caption).toBe('2 entries on 2 days this week; longest streak 1, current 0.');
    expect(pngSize(photoFile(photos()[0]!.payload)).width).toBeGreaterThan(800);
    const order = t.api.calls.map((c) => c.method).filter((m) => m === 'sendMessage' || m === 'sendPhoto');
    expect(order.slice(-2)).toEqual(['sendMessage', 'sendPhoto']);
  });
});
