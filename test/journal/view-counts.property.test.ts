// Invariant: whatever chain of date ranges and searches builds a view, its counts and entries equal a brute-force
// filter of the owner's entries. Each run gets a fresh owner in one database, so runs never see each other's rows.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertEntryRows } from '../../src/demo/demo-journal.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const WORDS = ['coffee', 'Coffee', 'rain', 'run', 'ana', 'tea', 'lake'] as const;
const DAYS = Array.from({ length: 20 }, (_, i) => `2024-04-${String(i + 1).padStart(2, '0')}`);

const entryArb = fc.record({
  day: fc.constantFrom(...DAYS),
  minute: fc.integer({ min: 0, max: 1439 }),
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
});
const stepArb = fc.oneof(
  fc.tuple(fc.constantFrom(...DAYS), fc.constantFrom(...DAYS)).map(([a, b]) => ({ range: a <= b ? [a, b] : [b, a] })),
  fc.constantFrom(...WORDS).map((w) => ({ query: w })),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => ({ query: `${a} OR ${b}` })),
);

type Entry = { day: string; minute: number; words: string[] };
type Step = { range: string[] } | { query: string };

function matches(entry: Entry, step: Step): boolean {
  if ('range' in step) return entry.day >= step.range[0]! && entry.day <= step.range[1]!;
  const words = new Set(entry.words.map((w) => w.toLowerCase()));
  return step.query.split(' OR ').some((w) => words.has(w.toLowerCase()));
}

let temp: TempDb;
let nextOwner = 1;
beforeAll(async () => {
  temp = await createTempDb();
});
afterAll(() => temp.cleanup());

it("a view's counts equal a brute-force filter of its entries", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(entryArb, { maxLength: 30 }),
      fc.array(stepArb, { minLength: 1, maxLength: 4 }),
      async (entries, steps) => {
        const ownerId = nextOwner++;
        const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        await insertEntryRows(
          temp.db,
          entries.map((e, i) => {
            const content = e.words.join(' ');
            const writtenAt = `${e.day}T${time(e.minute)}:00.000Z`;
            return {
              owner_id: ownerId,
              source: 'import' as const,
              chat_id: ownerId,
              message_id: i + 1,
              written_at: writtenAt,
              local_day: e.day,
              local_time: time(e.minute),
              title: content,
              content,
              edited_at: null,
              created_at: writtenAt,
            };
          }),
        );
        const ops = createJournalOperations(temp.db, ownerId);
        let objId = 'journal';
        for (const step of steps) {
          const args = 'range' in step ? { startDate: step.range[0], endDate: step.range[1] } : { query: step.query };
          const result = await ops.invokeMethod(objId, 'range' in step ? 'getDateRangeView' : 'search', args);
          if (result.type !== 'object') throw new Error('expected a handle');
          objId = result.objId;
        }
        const expected = entries.filter((e) => steps.every((s) => matches(e, s)));
        const value = async (method: string, a: unknown = {}) =>
          ((await ops.invokeMethod(objId, method, a)) as { value: unknown }).value;
        expect(await value('getTotalEntryCount')).toBe(expected.length);
        expect(await value('getDayCount')).toBe(new Set(expected.map((e) => e.day)).size);
        const page = (await value('getEntries', { limit: 100 })) as { date: string; content: string }[];
        expect(page.map((e) => `${e.date} ${e.content}`).sort()).toEqual(
          expected.map((e) => `${e.day} ${e.words.join(' ')}`).sort(),
        );
        const overview = (await value('getOverview', { groupBy: 'day' })) as {
          groups: { period: string; entries: number }[];
        };
        expect(overview.groups.reduce((n, g) => n + g.entries, 0)).toBe(expected.length);
      },
    ),
    { numRuns: 60 },
  );
});
