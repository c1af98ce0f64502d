// Every JournalCollection method on a known journal, through the same operations the model and the CLI use.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObjectError } from '../../src/objects/object-error.ts';
import type { InvokeResult, ObjectOperations } from '../../src/objects/operations.ts';
import type { TempDb } from '../helpers/temp-db.ts';
import { openKnownJournal } from './known-journal.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('JournalCollection', () => {
  let temp: TempDb;
  let ops: ObjectOperations;

  beforeEach(async () => {
    ({ temp, ops } = await openKnownJournal());
  });
  afterEach(() => temp.cleanup());

  const value = (r: InvokeResult) => {
    if (r.type !== 'value') throw new Error(`expected a value, got ${JSON.stringify(r)}`);
    return r.value;
  };
  const handle = (r: InvokeResult) => {
    if (r.type !== 'object') throw new Error(`expected a handle, got ${JSON.stringify(r)}`);
    return r;
  };
  const call = async (objId: string, method: string, args: unknown = {}) => ops.invokeMethod(objId, method, args);
  const view = async (objId: string, method: string, args: unknown) => handle(await call(objId, method, args));
  /** How many entries of the whole journal a search finds. */
  const count = async (query: string) =>
    value(await call((await view('journal', 'search', { query })).objId, 'getTotalEntryCount'));
  const fails = async (method: string, args: unknown) => {
    const error = await call('journal', method, args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectError);
    return (error as ObjectError).message;
  };
  const april = () => view('journal', 'getDateRangeView', { startDate: '2024-04-01', endDate: '2024-04-30' });

  describe('JournalCollection methods', () => {
    it('getDayCount counts distinct local days with entries', async () => {
      expect(value(await call('journal', 'getDayCount'))).toBe(7);
      expect(value(await call((await april()).objId, 'getDayCount'))).toBe(4);
    });

    it('getTotalEntryCount counts entries of the view', async () => {
      expect(value(await call('journal', 'getTotalEntryCount'))).toBe(8);
      expect(value(await call((await april()).objId, 'getTotalEntryCount'))).toBe(5);
    });

    it("getEntriesForDay returns that local day's entries, oldest first, as id, time, title, content", async () => {
      const entries = value(await call('journal', 'getEntriesForDay', { date: '2024-04-01' })) as Record<
        string,
        unknown
      >[];
      expect(entries.map((e) => Object.keys(e).sort())).toEqual([
        ['content', 'id', 'time', 'title'],
        ['content', 'id', 'time', 'title'],
      ]);
      expect(entries.map((e) => [e.time, e.title])).toEqual([
        ['08:00', 'Coffee with Ana'],
        ['19:30', 'Evening run'],
      ]);
      expect(value(await call('journal', 'getEntriesForDay', { date: '2024-04-03' }))).toEqual([]);
    });

    it('getEntries pages oldest first with limit and offset', async () => {
      const first = value(await call('journal', 'getEntries', { limit: 3 })) as {
        date: string;
        time: string;
        title: string;
      }[];
      expect(first.map((e) => `${e.date} ${e.time} ${e.title}`)).toEqual([
        '2024-03-31 23:30 Late note',
        '2024-04-01 08:00 Coffee with Ana',
        '2024-04-01 19:30 Evening run',
      ]);
      const last = value(await call('journal', 'getEntries', { limit: 3, offset: 6 })) as { title: string }[];
      expect(last.map((e) => e.title)).toEqual(['May Day', 'Trip']);
      expect((value(await call('journal', 'getEntries')) as unknown[]).length).toBe(8);
    });

    it('getOverview counts per month by default, and per year or day on request, with first and last date', async () => {
      expect(value(await call('journal', 'getOverview'))).toEqual({
        entries: 8,
        days: 7,
        firstDate: '2024-03-31',
        lastDate: '2024-06-10',
        groupBy: 'month',
        groups: [
          { period: '2024-03', days: 1, entries: 1 },
          { period: '2024-04', days: 4, entries: 5 },
          { period: '2024-05', days: 1, entries: 1 },
          { period: '2024-06', days: 1, entries: 1 },
        ],
      });
      expect(value(await call('journal', 'getOverview', { groupBy: 'year' }))).toMatchObject({
        groups: [{ period: '2024', days: 7, entries: 8 }],
      });
      const byDay = value(await call((await april()).objId, 'getOverview', { groupBy: 'day' })) as {
        groups: unknown[];
      };
      expect(byDay.groups).toEqual([
        { period: '2024-04-01', entries: 2 },
        { period: '2024-04-02', entries: 1 },
        { period: '2024-04-15', entries: 1 },
        { period: '2024-04-30', entries: 1 },
      ]);
    });

    it('search finds words case- and accent-insensitively, with OR and prefixes', async () => {
      expect(await count('coffee')).toBe(3);
      expect(await count('+COFFEE +garden')).toBe(1);
      expect(await count('cafe')).toBe(1);
      expect(await count('train OR café')).toBe(2);
      expect(await count('rain*')).toBe(2);
      expect(await count('nothing-like-this')).toBe(0);
    });

    it('search reads the documented syntax faithfully, and refuses anything else with the syntax in the error', async () => {
      expect(await count('coffee')).toBe(3);
      expect(await count('coffee -rain')).toBe(1);
      expect(await count('rain*')).toBe(2);
      expect(await count('coffee OR lake')).toBe(4);
      expect(await count('"rain and coffee"')).toBe(1);
      expect(await count(`don't`)).toBe(1);
      expect(await count('and')).toBe(2); // lowercase: the word, not an operator
      for (const query of [
        'AND',
        'NOT rain',
        'title:coffee',
        'NEAR(rain coffee)',
        '^rain',
        '-rain',
        '( coffee',
        'coffee OR',
        'a*b*',
        `don't "x`,
      ]) {
        const message = await fails('search', { query });
        expect(message, query).toContain('Search syntax: words (any may match, best matches first');
      }
      expect((await ops.listObjects()).objects).toHaveLength(1 + 7); // refused searches left no handle behind
    });
  });

  describe('JournalCollection views', () => {
    it('views compose by intersecting ranges', async () => {
      const aprilToJune = await view('journal', 'getDateRangeView', { startDate: '2024-04-01', endDate: '2024-06-30' });
      const late = await view(aprilToJune.objId, 'getDateRangeView', {
        startDate: '2024-04-15',
        endDate: '2024-05-31',
      });
      expect(late.description).toBe('Journal entries from 2024-04-15 to 2024-05-31: 3 days, 3 entries');
      const narrower = await view(late.objId, 'getDateRangeView', { startDate: '2024-01-01', endDate: '2024-04-30' });
      expect(narrower.description).toBe('Journal entries from 2024-04-15 to 2024-04-30: 2 days, 2 entries');
    });

    it('a date view of a search view is the search view of the date view, one handle', async () => {
      const a = await view((await april()).objId, 'search', { query: 'coffee' });
      const b = await view((await view('journal', 'search', { query: 'coffee' })).objId, 'getDateRangeView', {
        startDate: '2024-04-01',
        endDate: '2024-04-30',
      });
      expect(b.objId).toBe(a.objId);
      expect(a.description).toBe(
        'Journal entries containing "coffee" from 2024-04-01 to 2024-04-30: 2 days, 2 entries; getEntries lists best matches first',
      );
      expect(value(await call(a.objId, 'getDayCount'))).toBe(2);
    });

    it('searches on searches must all match', async () => {
      const both = await view((await view('journal', 'search', { query: 'coffee' })).objId, 'search', {
        query: 'rain',
      });
      expect(both.description).toBe(
        'Journal entries containing "coffee" and "rain": 2 days, 2 entries, 2024-04-01 to 2024-04-30; getEntries lists best matches first',
      );
    });

    it("each view's description is computed from its own filter and counts, never its parent's", async () => {
      const quarter = await view('journal', 'getDateRangeView', { startDate: '2024-04-01', endDate: '2024-06-30' });
      expect(quarter.description).toBe('Journal entries from 2024-04-01 to 2024-06-30: 6 days, 7 entries');
      const aprilOfQuarter = await view(quarter.objId, 'getDateRangeView', {
        startDate: '2024-04-01',
        endDate: '2024-04-30',
      });
      expect(aprilOfQuarter.description).toBe('Journal entries from 2024-04-01 to 2024-04-30: 4 days, 5 entries');
      expect((await ops.analyzeObject(aprilOfQuarter.objId)).description).toBe(aprilOfQuarter.description);
      expect((await ops.analyzeObject('journal')).description).toBe(
        'The whole journal: 7 days, 8 entries, 2024-03-31 to 2024-06-10',
      );
    });

    it('a range outside its parent is a valid empty view that says so', async () => {
      const july = await view((await april()).objId, 'getDateRangeView', {
        startDate: '2024-07-01',
        endDate: '2024-07-31',
      });
      expect(july.description).toMatch(/^An empty journal view: its date ranges do not overlap/);
      expect(value(await call(july.objId, 'getDayCount'))).toBe(0);
      expect(value(await call(july.objId, 'getEntries'))).toEqual([]);
      const y2019 = await view('journal', 'getDateRangeView', { startDate: '2019-01-01', endDate: '2019-12-31' });
      expect(y2019.description).toBe('Journal entries from 2019-01-01 to 2019-12-31: no entries');
    });

    it('getEntriesForDay on a view keeps to the view', async () => {
      const coffee = await view('journal', 'search', { query: 'coffee' });
      expect((value(await call(coffee.objId, 'getEntriesForDay', { date: '2024-04-01' })) as unknown[]).length).toBe(1);
      expect(value(await call((await april()).objId, 'getEntriesForDay', { date: '2024-05-01' }))).toEqual([]);
    });
  });

  describe('JournalCollection errors the model can fix', () => {
    it('names the expected date format', async () => {
      expect(await fails('getEntriesForDay', { date: 'April 1' })).toContain('date must be YYYY-MM-DD');
      expect(await fails('getEntriesForDay', { date: '2024-02-30' })).toContain(
        'date must be a real calendar day in YYYY-MM-DD',
      );
      expect(await fails('getEntriesForDay', {})).toContain('date is required, as YYYY-MM-DD');
      expect(await fails('getDateRangeView', { startDate: '2024-4-1', endDate: '2024-04-30' })).toContain(
        'startDate must be YYYY-MM-DD',
      );
    });

    it('refuses a range whose start is after its end', async () => {
      expect(await fails('getDateRangeView', { startDate: '2024-05-01', endDate: '2024-04-01' })).toContain(
        'startDate 2024-05-01 is after endDate 2024-04-01',
      );
    });

    it('refuses an empty query, bad paging and unknown argument names', async () => {
      expect(await fails('search', { query: '  "" ' })).toContain('has no letter or digit to look for');
      expect(await fails('search', {})).toContain('query is required');
      expect(await fails('getEntries', { limit: 0 })).toContain('limit');
      expect(await fails('getEntries', { limit: 500 })).toContain('limit must be at most 100');
      expect(await fails('getOverview', { groupBy: 'week' })).toContain('groupBy must be "year", "month" or "day"');
      expect(await fails('getEntriesForDay', { day: '2024-04-01' })).toMatch(/day/);
    });

    it('an unknown method lists the methods that exist', async () => {
      const message = await fails('getEntriesForWeek', {});
      expect(message).toContain('has no method "getEntriesForWeek"');
      expect(message).toContain('getEntriesForDay(date: YYYY-MM-DD) -> JournalEntry[]');
    });
  });
});
