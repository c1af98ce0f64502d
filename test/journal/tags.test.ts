// getTags() and tagged(tag) on JournalCollection: bounded counts, new handles, composing with date views and search.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashtagsOf, normalizeTag } from '../../src/journal/tags/hashtags.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { MAX_TAGS_LISTED } from '../../src/journal/tags/tag-queries.ts';
import type { InvokeResult, ObjectOperations } from '../../src/objects/operations.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('hashtags', () => {
  const OWNER = 5;
  let temp: TempDb;
  let ops: ObjectOperations;
  beforeEach(async () => {
    temp = await createTempDb();
    await seedEntries(temp.db, OWNER, [
      ['2024-04-01T08:00:00Z', 'Standup ran long #work'],
      ['2024-04-02T08:00:00Z', 'Coffee with Ana #friends #coffee'],
      ['2024-04-20T08:00:00Z', 'Deadline #work #stress'],
      ['2024-05-03T08:00:00Z', 'Quiet #WORK day, coffee again'],
      ['2024-05-04T08:00:00Z', 'No tags here'],
    ]);
    await seedEntries(temp.db, 6, [['2024-04-01T09:00:00Z', 'Someone else #work']]);
    ops = createJournalOperations(temp.db, OWNER);
  });
  afterEach(() => temp.cleanup());

  const value = (r: InvokeResult) => (r.type === 'value' ? r.value : Promise.reject(new Error(JSON.stringify(r))));
  const objId = (r: InvokeResult) => {
    if (r.type !== 'object') throw new Error(JSON.stringify(r));
    return r.objId;
  };

  describe('hashtags', () => {
    it('finds #words, lower case and distinct, but not all-digit words, URL fragments or words inside words', () => {
      expect(hashtagsOf('#Work and #work, #café! #2024 a#b https://x.y/#frag #a_b2')).toEqual(['work', 'café', 'a_b2']);
      expect(hashtagsOf('plain', ['#FromEntity'])).toEqual(['fromentity']);
      expect(normalizeTag(' #Travel ')).toBe('travel');
      expect(normalizeTag('two words')).toBeNull();
    });

    it('getTags lists tags with entry counts, most used first, for this owner only', async () => {
      expect(await value(await ops.invokeMethod('journal', 'getTags', {}))).toEqual({
        tags: [
          { tag: 'work', entries: 3 },
          { tag: 'coffee', entries: 1 },
          { tag: 'friends', entries: 1 },
          { tag: 'stress', entries: 1 },
        ],
        distinctTags: 4,
      });
      const cut = await value(await ops.invokeMethod('journal', 'getTags', { limit: 1 }));
      expect(cut).toMatchObject({
        tags: [{ tag: 'work', entries: 3 }],
        distinctTags: 4,
        note: expect.stringMatching(/1 most used of 4/),
      });
      await expect(ops.invokeMethod('journal', 'getTags', { limit: MAX_TAGS_LISTED + 1 })).rejects.toThrow(
        /at most 100/,
      );
    });

    it('tagged(tag) is a new handle that composes with date views and search, in any order', async () => {
      const work = objId(await ops.invokeMethod('journal', 'tagged', { tag: '#Work' }));
      expect(await value(await ops.invokeMethod(work, 'getTotalEntryCount', {}))).toBe(3);
      const aprilWork = objId(
        await ops.invokeMethod(work, 'getDateRangeView', { startDate: '2024-04-01', endDate: '2024-04-30' }),
      );
      const workApril = objId(
        await ops.invokeMethod(
          objId(
            await ops.invokeMethod('journal', 'getDateRangeView', { startDate: '2024-04-01', endDate: '2024-04-30' }),
          ),
          'tagged',
          { tag: 'work' },
        ),
      );
      expect(aprilWork).toBe(workApril);
      expect(await value(await ops.invokeMethod(aprilWork, 'getDayCount', {}))).toBe(2);
      const coffeeWork = objId(await ops.invokeMethod(work, 'search', { query: 'coffee' }));
      expect(await value(await ops.invokeMethod(coffeeWork, 'getEntries', {}))).toMatchObject([
        { content: 'Quiet #WORK day, coffee again' },
      ]);
      expect(
        await value(
          await ops.invokeMethod(
            objId(await ops.invokeMethod('journal', 'search', { query: 'coffee' })),
            'getTags',
            {},
          ),
        ),
      ).toMatchObject({
        tags: [
          { tag: 'coffee', entries: 1 },
          { tag: 'friends', entries: 1 },
          { tag: 'work', entries: 1 },
        ],
      });
      expect((await ops.analyzeObject(aprilWork)).description).toBe(
        'Journal entries tagged #work from 2024-04-01 to 2024-04-30: 2 days, 2 entries',
      );
    });

    it('appear in analyzeObject(journal), and a bad tag says what is expected', async () => {
      const text = JSON.stringify(await ops.analyzeObject('journal'));
      expect(text).toContain('getTags(');
      expect(text).toContain('tagged(tag: string)');
      await expect(ops.invokeMethod('journal', 'tagged', { tag: 'two words' })).rejects.toThrow(/one hashtag word/);
    });
  });
});
