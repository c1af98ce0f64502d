// The /stats picture's current streak, read by walking back from today a window at a time (never the whole journal):
// a run longer than the first windows is counted whole, today may still be unwritten, a gap ends the run; on each store.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readJournalStats } from '../../src/stats/journal-stats.ts';
import { addDays } from '../../src/journal/dates/calendar-day.ts';
import { insertEntryRows } from '../../src/demo/demo-journal.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 31;
const TODAY = '2024-06-30';

/** One entry on each of `days` days ending `last`. */
const run = (last: string, days: number, from: number) =>
  Array.from({ length: days }, (_, i) => {
    const day = addDays(last, -i);
    return {
      owner_id: OWNER,
      source: 'import' as const,
      chat_id: 1,
      message_id: from + i,
      written_at: `${day}T10:00:00.000Z`,
      local_day: day,
      local_time: '10:00',
      title: 'x',
      content: `day ${day}`,
      edited_at: null,
      created_at: '2024-07-01T00:00:00.000Z',
    };
  });

describeStores('current streak', () => {
  let temp: TempDb;
  beforeAll(async () => {
    temp = await createTempDb();
    // 300 days in a row up to yesterday (longer than the first two windows), a gap, then 10 more days before it.
    await insertEntryRows(temp.db, [...run(addDays(TODAY, -1), 300, 1), ...run(addDays(TODAY, -302), 10, 1000)]);
  }, 60_000);
  afterAll(() => temp?.cleanup());

  it('counts a run that ends yesterday whole, stopping at its gap', async () => {
    const stats = await readJournalStats(temp.db, OWNER, { kind: 'last-12-months' }, TODAY);
    expect(stats.streaks.current).toBe(300);
  });

  it('counts today when it is written, and nothing when the run ended before yesterday', async () => {
    expect(
      (await readJournalStats(temp.db, OWNER, { kind: 'last-12-months' }, addDays(TODAY, -1))).streaks.current,
    ).toBe(300);
    expect(
      (await readJournalStats(temp.db, OWNER, { kind: 'last-12-months' }, addDays(TODAY, 1))).streaks.current,
    ).toBe(0);
    expect(
      (await readJournalStats(temp.db, OWNER, { kind: 'last-12-months' }, addDays(TODAY, -302))).streaks.current,
    ).toBe(10);
  });
});
