// A search naming a time: the time words leave the text query and the model is told the range, in the owner's local
// days (here Auckland, a day ahead of UTC), with the call that narrows to it; a query naming only a time gives that
// range's view; a time inside a "phrase" or after - is searched as words, as before.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { createToolExecutor } from '../../src/objects/object-tools.ts';
import type { InvokeResult, ObjectOperations } from '../../src/objects/operations.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 5;
let temp: TempDb;
let ops: ObjectOperations;

const view = (r: InvokeResult) => {
  if (r.type !== 'object') throw new Error(`expected a handle, got ${JSON.stringify(r)}`);
  return r;
};

describeStores('search with dates in its words', () => {
  beforeEach(async () => {
    temp = await createTempDb();
    // 23:30 UTC on the 15th is the 16th in Auckland: the owner's today.
    ops = createJournalOperations(temp.db, OWNER, {
      timeZone: 'Pacific/Auckland',
      clock: () => new Date('2024-06-15T23:30:00Z'),
    });
    await seedEntries(temp.db, OWNER, [
      ['2023-07-10T08:00:00Z', 'A walk by the river'],
      ['2024-06-15T08:00:00Z', 'A walk in the rain'],
    ]);
  });
  afterEach(() => temp.cleanup());

  it('drops the time words from the search and tells the range with the call that narrows to it', async () => {
    const found = view(await ops.invokeMethod('journal', 'search', { query: 'walk last summer' }));
    expect(found.note).toBe(
      'The query names a time, "last summer" (2023-06-01..2023-08-31); searched for "walk" in every date. ' +
        'To keep to that time: getDateRangeView({startDate: "2023-06-01", endDate: "2023-08-31"}) on this handle.',
    );
    expect(found.description).toContain('containing "walk"');
    const narrowed = view(
      await ops.invokeMethod(found.objId, 'getDateRangeView', { startDate: '2023-06-01', endDate: '2023-08-31' }),
    );
    const entries = await ops.invokeMethod(narrowed.objId, 'getEntries', {});
    expect(entries.type === 'value' && (entries.value as { content: string }[]).map((e) => e.content)).toEqual([
      'A walk by the river',
    ]);
    // The model reads the note in the tool's result.
    const text = await createToolExecutor(ops)('invokeMethod', {
      objId: 'journal',
      methodName: 'search',
      args: { query: 'walk last summer' },
    });
    expect(JSON.parse(text as string)).toMatchObject({ handle: found.objId, note: found.note });
  });

  it('gives the range itself for a query naming only a time, in the owner’s zone', async () => {
    const found = view(await ops.invokeMethod('journal', 'search', { query: 'yesterday' }));
    expect(found.note).toBe(
      'The query names only a time, "yesterday" (2024-06-15..2024-06-15): this handle holds those days\' entries.',
    );
    expect(found.description).toContain('2024-06-15');
    const entries = await ops.invokeMethod(found.objId, 'getEntries', {});
    expect(entries.type === 'value' && (entries.value as { content: string }[]).map((e) => e.content)).toEqual([
      'A walk in the rain',
    ]);
  });

  it('leaves a time inside a phrase, after -, or no time at all, to the search as it was', async () => {
    for (const query of ['"walk last summer"', 'walk -2023', 'walk river']) {
      const found = view(await ops.invokeMethod('journal', 'search', { query }));
      expect(found.note).toBeUndefined();
    }
  });
});
