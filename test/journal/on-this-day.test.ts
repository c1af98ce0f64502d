// onThisDay through the same operations the model and the CLI use: every year's same month-day, Feb 29, composition.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import type { InvokeResult, ObjectOperations } from '../../src/objects/operations.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { seedEntries } from '../helpers/seed-entries.ts';

const OWNER = 77;
const ENTRIES = [
  ['2021-04-01T09:00:00Z', 'Fool day 2021\nA prank at work.'],
  ['2022-04-01T10:00:00Z', 'Fool day 2022\nCoffee and rain.'],
  ['2022-04-02T10:00:00Z', 'Day after\nNothing.'],
  ['2024-04-01T08:00:00Z', 'Fool day 2024\nCoffee with Ana.'],
  ['2024-04-01T20:00:00Z', 'Evening 2024\nA run.'],
  ['2023-02-28T12:00:00Z', 'Feb 28 2023\nCold.'],
  ['2024-02-28T12:00:00Z', 'Feb 28 2024\nColder.'],
  ['2024-02-29T12:00:00Z', 'Leap day 2024\nRare.'],
  ['2025-02-28T12:00:00Z', 'Feb 28 2025\nMild.'],
] as const;

let temp: TempDb;
let ops: ObjectOperations;

beforeEach(async () => {
  temp = await createTempDb();
  await seedEntries(temp.db, OWNER, ENTRIES);
  await seedEntries(temp.db, 88, [['2023-04-01T10:00:00Z', 'Someone else on April 1']]);
  // 2026-04-01 00:30 in Tokyo is still March 31 in UTC: "today" is the owner's day.
  ops = createJournalOperations(temp.db, OWNER, {
    clock: () => new Date('2026-03-31T15:30:00Z'),
    timeZone: 'Asia/Tokyo',
  });
});
afterEach(() => temp.cleanup());

const handle = (r: InvokeResult) => {
  if (r.type !== 'object') throw new Error(`expected a handle, got ${JSON.stringify(r)}`);
  return r;
};
const value = (r: InvokeResult) => {
  if (r.type !== 'value') throw new Error(`expected a value, got ${JSON.stringify(r)}`);
  return r.value;
};
const titles = async (objId: string) =>
  (value(await ops.invokeMethod(objId, 'getEntries', { limit: 100 })) as { title: string }[]).map((e) => e.title);

describe('onThisDay', () => {
  it('is in the interface the model reads', async () => {
    const methods = (await ops.analyzeObject('journal')).methods.map((m) => m.signature);
    expect(methods).toContain('onThisDay(date?: YYYY-MM-DD) -> JournalCollection');
  });

  it("defaults to today in the owner's zone and takes the month-day of every year, the owner's entries only", async () => {
    const view = handle(await ops.invokeMethod('journal', 'onThisDay', {}));
    expect(await titles(view.objId)).toEqual(['Fool day 2021', 'Fool day 2022', 'Fool day 2024', 'Evening 2024']);
    expect(view.description).toBe(
      'Journal entries written on 04-01 (MM-DD) in any year: 3 days, 4 entries, 2021-04-01 to 2024-04-01',
    );
  });

  it('shows Feb 29 on Feb 28 of years without one, and only Feb 28 in a leap year', async () => {
    const common = handle(await ops.invokeMethod('journal', 'onThisDay', { date: '2025-02-28' }));
    expect(await titles(common.objId)).toEqual(['Feb 28 2023', 'Feb 28 2024', 'Leap day 2024', 'Feb 28 2025']);
    const leap = handle(await ops.invokeMethod('journal', 'onThisDay', { date: '2028-02-28' }));
    expect(await titles(leap.objId)).toEqual(['Feb 28 2023', 'Feb 28 2024', 'Feb 28 2025']);
    const leapDay = handle(await ops.invokeMethod('journal', 'onThisDay', { date: '2024-02-29' }));
    expect(await titles(leapDay.objId)).toEqual(['Leap day 2024']);
  });

  it('composes with date views and search, in either order', async () => {
    const onDay = handle(await ops.invokeMethod('journal', 'onThisDay', { date: '2030-04-01' }));
    const recent = handle(
      await ops.invokeMethod(onDay.objId, 'getDateRangeView', { startDate: '2022-01-01', endDate: '2024-12-31' }),
    );
    expect(await titles(recent.objId)).toEqual(['Fool day 2022', 'Fool day 2024', 'Evening 2024']);
    const coffee = handle(await ops.invokeMethod(recent.objId, 'search', { query: 'coffee' }));
    // A search view lists best matches first; these two score alike, so the newer leads.
    expect(await titles(coffee.objId)).toEqual(['Fool day 2024', 'Fool day 2022']);
    expect(value(await ops.invokeMethod(coffee.objId, 'getDayCount'))).toBe(2);
    // The other order is the same view, so the same handle.
    const searched = handle(await ops.invokeMethod('journal', 'search', { query: 'coffee' }));
    const range = handle(
      await ops.invokeMethod(searched.objId, 'getDateRangeView', { startDate: '2022-01-01', endDate: '2024-12-31' }),
    );
    const again = handle(await ops.invokeMethod(range.objId, 'onThisDay', { date: '2030-04-01' }));
    expect(again.objId).toBe(coffee.objId);
    expect(value(await ops.invokeMethod(onDay.objId, 'getOverview', { groupBy: 'year' }))).toMatchObject({
      groups: [
        { period: '2021', days: 1, entries: 1 },
        { period: '2022', days: 1, entries: 1 },
        { period: '2024', days: 1, entries: 2 },
      ],
    });
  });

  it('two different days intersect to an empty view that says so', async () => {
    const april = handle(await ops.invokeMethod('journal', 'onThisDay', { date: '2030-04-01' }));
    const both = handle(await ops.invokeMethod(april.objId, 'onThisDay', { date: '2030-04-02' }));
    expect(both.description).toBe(
      'Journal entries written on no day (its on-this-day filters do not overlap): no entries',
    );
    expect(value(await ops.invokeMethod(both.objId, 'getTotalEntryCount'))).toBe(0);
  });

  it('rejects a date that is not a calendar day, saying what is expected', async () => {
    await expect(ops.invokeMethod('journal', 'onThisDay', { date: '2024-02-30' })).rejects.toThrow(
      /date must be a real calendar day in YYYY-MM-DD/,
    );
    await expect(ops.invokeMethod('journal', 'onThisDay', { day: '2024-02-03' })).rejects.toThrow(/day/);
  });
});
