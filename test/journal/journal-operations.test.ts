// Handles of the journal: scoped to their owner, kept in SQLite across restarts, unguessable, and results stay bounded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildGeneratedJournal } from '../../src/demo/demo-journal.ts';
import {
  createJournalOperations,
  JOURNAL_COLLECTION_KIND,
  JOURNAL_ENTRY_KIND,
} from '../../src/journal/journal-operations.ts';
import { formatInterface } from '../../src/objects/format-interface.ts';
import { ObjectError } from '../../src/objects/object-error.ts';
import type { InvokeResult } from '../../src/objects/operations.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { KNOWN_ENTRIES, OTHER_OWNER, OWNER, seedKnownJournal } from './known-journal.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('journal operations', () => {
  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
    await seedKnownJournal(temp.db);
  });
  afterEach(() => temp.cleanup());

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const objId = (r: InvokeResult) => (r.type === 'object' ? r.objId : Promise.reject(new Error('expected a handle')));
  const rangeArgs = { startDate: '2024-04-01', endDate: '2024-04-30' };
  const errorOf = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: unknown) => e,
    );

  describe('journal handles', () => {
    it('every owner holds the root handle journal on their own entries', async () => {
      const mine = createJournalOperations(temp.db, OWNER);
      const theirs = createJournalOperations(temp.db, OTHER_OWNER);
      expect(await mine.invokeMethod('journal', 'getTotalEntryCount', {})).toEqual({ type: 'value', value: 8 });
      expect(await theirs.invokeMethod('journal', 'getTotalEntryCount', {})).toEqual({ type: 'value', value: 1 });
    });

    it("another owner's handle resolves exactly like a nonexistent one", async () => {
      const id = await objId(
        await createJournalOperations(temp.db, OWNER).invokeMethod('journal', 'getDateRangeView', rangeArgs),
      );
      const theirs = createJournalOperations(temp.db, OTHER_OWNER);
      const stolen = await errorOf(theirs.invokeMethod(id, 'getDayCount', {}));
      const invented = await errorOf(theirs.invokeMethod('0b6f7c1e-0000-4000-8000-000000000000', 'getDayCount', {}));
      expect(stolen).toBeInstanceOf(ObjectError);
      expect((stolen as Error).message.replace(id, 'X')).toBe(
        (invented as Error).message.replace('0b6f7c1e-0000-4000-8000-000000000000', 'X'),
      );
      expect((await theirs.listObjects()).objects.map((o) => o.objId)).toEqual(['journal']);
    });

    it('handles persist across a reopen of the database', async () => {
      const id = await objId(
        await createJournalOperations(temp.db, OWNER).invokeMethod('journal', 'getDateRangeView', rangeArgs),
      );
      const reopened = await temp.reopen();
      const ops = createJournalOperations(reopened, OWNER);
      expect(await ops.invokeMethod(id, 'getDayCount', {})).toEqual({ type: 'value', value: 4 });
      expect((await ops.listObjects()).objects.map((o) => o.objId)).toEqual(['journal', id]);
    });

    it('new handle ids are UUIDs, and asking for the same view again reuses its handle', async () => {
      const ops = createJournalOperations(temp.db, OWNER);
      const first = await objId(await ops.invokeMethod('journal', 'getDateRangeView', rangeArgs));
      expect(first).toMatch(UUID);
      expect(await objId(await ops.invokeMethod('journal', 'getDateRangeView', rangeArgs))).toBe(first);
      expect(await objId(await ops.invokeMethod(first, 'search', { query: 'coffee' }))).not.toBe(first);
    });

    it('an unknown handle names the handles that exist', async () => {
      const error = await errorOf(createJournalOperations(temp.db, OWNER).invokeMethod('journal:2', 'getDayCount', {}));
      expect(error).toBeInstanceOf(ObjectError);
      expect((error as Error).message).toBe(
        'Unknown handle "journal:2": no journal is named "2". The journals: "Main". Handles you can use: journal.',
      );
      const other = await errorOf(createJournalOperations(temp.db, OWNER).invokeMethod('journals', 'getDayCount', {}));
      expect((other as Error).message).toBe('Unknown handle "journals". Handles you can use: journal.');
    });
  });

  describe('journal interface', () => {
    it('analyzeObject shows the interface and no entry', async () => {
      const ops = createJournalOperations(temp.db, OWNER);
      const text = formatInterface(await ops.analyzeObject('journal'));
      expect(text).toContain(`Object journal, kind ${JOURNAL_COLLECTION_KIND}`);
      expect(text).toContain('getDateRangeView(startDate: YYYY-MM-DD, endDate: YYYY-MM-DD) -> JournalCollection');
      for (const [, content] of KNOWN_ENTRIES) expect(text).not.toContain(content.split('\n')[1]);
      // The benchmark's budget is 2,000 tokens per question; the interface must stay a few hundred of them
      // (fifteen methods, getEntry, getEntryContext, onThisDay, the three mood methods, listJournals/getJournal and
      // viewMedia included, fit under 3,600 characters, about 900 tokens; the token benchmark measures the peak itself).
      // Issue 47 added what search and getEntries now say (any word ranks, best first, order by date) and getEntryContext.
      expect(text.length).toBeLessThan(3600);
    });

    it('lists and describes both kinds, by full id or bare name', async () => {
      const ops = createJournalOperations(temp.db, OWNER);
      expect(ops.listKinds().map((k) => k.kind)).toEqual([JOURNAL_COLLECTION_KIND, JOURNAL_ENTRY_KIND]);
      expect(ops.describeKind('JournalEntry').fields.map((f) => f.name)).toEqual([
        'id',
        'date',
        'time',
        'title',
        'content',
      ]);
      expect(ops.describeKind(JOURNAL_COLLECTION_KIND).methods.map((m) => m.name)).toContain('getDayCount');
    });
  });

  describe('journal result bounds', () => {
    it('a page past the result limit is cut, and says so and how to page', async () => {
      const ops = createJournalOperations(temp.db, OWNER, { resultLimit: 700 });
      const result = await ops.invokeMethod('journal', 'getEntries', { limit: 8 });
      expect(result.type).toBe('value');
      const value = (result as { value: { truncated: boolean; shown: number; total: number; note: string } }).value;
      expect(value).toMatchObject({ truncated: true, total: 8 });
      expect(value.shown).toBeGreaterThan(0);
      expect(value.shown).toBeLessThan(8);
      expect(value.note).toContain('offset');
      expect(JSON.stringify(value).length).toBeLessThanOrEqual(700);
    });

    it('a per-day overview lists at most 100 days and says how to narrow', async () => {
      await buildGeneratedJournal(temp.db, {
        ownerId: 303,
        entries: 600,
        from: '2023-01-01',
        to: '2023-12-31',
        seed: 5,
      });
      const ops = createJournalOperations(temp.db, 303);
      const overview = (await ops.invokeMethod('journal', 'getOverview', { groupBy: 'day' })) as {
        value: { days: number; groups: unknown[]; note: string };
      };
      expect(overview.value.days).toBeGreaterThan(100);
      expect(overview.value.groups).toHaveLength(100);
      expect(overview.value.note).toMatch(/first 100 of \d+ periods/);
      const byMonth = (await ops.invokeMethod('journal', 'getOverview', {})) as {
        value: { groups: unknown[]; note?: string };
      };
      expect(byMonth.value.groups).toHaveLength(12);
      expect(byMonth.value.note).toBeUndefined();
    });

    it('every data-moving result of a big journal stays under 16,000 characters', async () => {
      await buildGeneratedJournal(temp.db, {
        ownerId: 303,
        entries: 3000,
        from: '2023-01-01',
        to: '2023-03-31',
        seed: 9,
      });
      const ops = createJournalOperations(temp.db, 303);
      const busiest = (
        (await ops.invokeMethod('journal', 'getOverview', { groupBy: 'day' })) as {
          value: { groups: { period: string; entries: number }[] };
        }
      ).value.groups.sort((a, b) => b.entries - a.entries)[0]!;
      for (const [method, args] of [
        ['getEntries', { limit: 100 }],
        ['getEntriesForDay', { date: busiest.period }],
        ['getOverview', { groupBy: 'day' }],
      ] as const) {
        const result = await ops.invokeMethod('journal', method, args);
        // What a model reads is the cited form where there is one: the JSON without the text, and the passages holding it.
        const read = result.type === 'value' && result.cited ? result.cited : result;
        expect(JSON.stringify(read).length).toBeLessThan(16_000 + 100);
      }
    });
  });
});
