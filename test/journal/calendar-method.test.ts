// JournalCollection.getCalendar (what showCalendar draws): every day with entries or a mood, a view's own days, and
// past a year of days the latest ones with a note saying how to see the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedJournal } from '../../src/demo/demo-journal.ts';
import { CALENDAR_DAYS_LISTED } from '../../src/journal/mood/calendar-method.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { createToolExecutor, type ToolOutput } from '../../src/objects/object-tools.ts';
import { MCP_TOOLS } from '../../src/mcp/tools/index.ts';
import { CALENDAR_VALUE, type CalendarValue } from '../../src/formats/calendar.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 7;
let temp: TempDb;

/** The value, parsed with the schema the MCP App parses it with: it must hold nothing the schema would drop. */
const calendarOf = async (objId: string): Promise<CalendarValue> => {
  const result = await createJournalOperations(temp.db, OWNER, { timeZone: 'UTC' }).invokeMethod(
    objId,
    'getCalendar',
    {},
  );
  if (result.type !== 'value') throw new Error('getCalendar gave a handle');
  const calendar = CALENDAR_VALUE.parse(result.value);
  expect(calendar).toEqual(result.value);
  return calendar;
};

beforeAll(async () => {
  temp = await createTempDb();
  // Two years of writing: more days than one calendar lists.
  await buildGeneratedJournal(temp.db, {
    ownerId: OWNER,
    entries: 1500,
    from: '2022-01-01',
    to: '2023-12-31',
    seed: 3,
    timeZone: 'UTC',
  });
  await setMood(temp.db, OWNER, '2024-01-05', 3, new Date('2024-01-05T12:00:00Z'));
}, 60_000);
afterAll(() => temp.cleanup());

describe('getCalendar', () => {
  it('lists the latest days with their counts, a mood-only day with a count of 0, and says how to see earlier ones', async () => {
    const calendar = await calendarOf('journal');
    const rows = await temp.db
      .selectFrom('entry')
      .select((eb) => ['local_day', eb.fn.countAll<number>().as('n')])
      .where('owner_id', '=', OWNER)
      .groupBy('local_day')
      .orderBy('local_day')
      .execute();
    const all = [
      ...rows.map((r) => ({ date: r.local_day, count: Number(r.n), mood: null })),
      { date: '2024-01-05', count: 0, mood: 3 },
    ];
    expect(all.length).toBeGreaterThan(CALENDAR_DAYS_LISTED);
    expect(calendar.days).toEqual(all.slice(-CALENDAR_DAYS_LISTED));
    expect(calendar.note).toBe(
      `Showing the last ${CALENDAR_DAYS_LISTED} of ${all.length} days; narrow with getDateRangeView for earlier ones.`,
    );
    expect(calendar.range).toEqual({ first: rows[0]!.local_day, last: rows.at(-1)!.local_day });
    // Under the methods' result cap, so the showCalendar tool gets it whole.
    const shown = (await createToolExecutor(
      createJournalOperations(temp.db, OWNER, { timeZone: 'UTC' }),
      MCP_TOOLS.map((t) => t.tool),
    )('showCalendar', { objId: 'journal' })) as ToolOutput;
    expect(shown.structured).toEqual({ objId: 'journal', ...calendar });
  });

  it("gives a view's own days and description, whole when they fit", async () => {
    const ops = createJournalOperations(temp.db, OWNER, { timeZone: 'UTC' });
    const march = await ops.invokeMethod('journal', 'getDateRangeView', {
      startDate: '2023-03-01',
      endDate: '2023-03-31',
    });
    if (march.type !== 'object') throw new Error('getDateRangeView gave no handle');
    const calendar = await calendarOf(march.objId);
    expect(calendar.note).toBeUndefined();
    expect(calendar.days.length).toBeGreaterThan(0);
    expect(calendar.days.every((d) => d.date.startsWith('2023-03-') && d.count > 0)).toBe(true);
    expect(calendar.description).toMatch(/2023-03-01/);
  });
});
