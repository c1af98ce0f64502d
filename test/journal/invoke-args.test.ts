// How a method is called: with named arguments, or positionally in the signature's order (as the README writes
// methods), and on a surface without a reader model `ask` is not offered at all.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { formatInterface } from '../../src/objects/format-interface.ts';
import type { ObjectOperations } from '../../src/objects/operations.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER, seedKnownJournal } from './known-journal.ts';

let temp: TempDb;
let ops: ObjectOperations;
beforeEach(async () => {
  temp = await createTempDb();
  await seedKnownJournal(temp.db);
  ops = createJournalOperations(temp.db, OWNER);
});
afterEach(() => temp.cleanup());

const messageOf = (p: Promise<unknown>) =>
  p.then(
    () => '',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );

describe('invokeMethod arguments', () => {
  it('takes a positional array in the signature order, as JSON text too, and gives the same handle as named args', async () => {
    const named = await ops.invokeMethod('journal', 'getDateRangeView', {
      startDate: '2024-04-01',
      endDate: '2024-04-30',
    });
    expect(await ops.invokeMethod('journal', 'getDateRangeView', ['2024-04-01', '2024-04-30'])).toEqual(named);
    expect(await ops.invokeMethod('journal', 'getDateRangeView', '["2024-04-01","2024-04-30"]')).toEqual(named);
    expect(named.type === 'object' && named.description).toMatch(/from 2024-04-01 to 2024-04-30: 4 days, 5 entries/);
  });

  it('reads null as a left-out optional argument, and checks positional values like named ones', async () => {
    const page = await ops.invokeMethod('journal', 'getEntries', [null, 7]);
    expect(page.type === 'value' && page.value).toHaveLength(1);
    expect(await messageOf(ops.invokeMethod('journal', 'getDateRangeView', ['2024-04-01', 'April']))).toMatch(
      /endDate/,
    );
  });

  it('refuses more arguments than the method takes, naming them and both ways to pass them', async () => {
    expect(await messageOf(ops.invokeMethod('journal', 'getDayCount', [1]))).toBe(
      'Bad args for getDayCount() -> number: it takes no arguments, got 1. Pass them in that order, or as an object {}.',
    );
    expect(await messageOf(ops.invokeMethod('journal', 'getDateRangeView', ['2024-04-01', '2024-04-30', 'x']))).toMatch(
      /it takes 2 \(startDate, endDate\), got 3\. Pass them in that order, or as an object \{"startDate": …, "endDate": …\}/,
    );
  });
});

describe('date errors', () => {
  it('give only the advice that applies: a wrong day is not also told to swap the dates', async () => {
    const wrongDay = await messageOf(ops.invokeMethod('journal', 'getDateRangeView', ['2024-05-31', '2024-04-31']));
    expect(wrongDay).toMatch(/endDate must be a real calendar day in YYYY-MM-DD \(got 2024-04-31\)/);
    expect(wrongDay).not.toMatch(/swap/);
    expect(await messageOf(ops.invokeMethod('journal', 'getDateRangeView', ['2024-05-01', '2024-04-30']))).toMatch(
      /startDate 2024-05-01 is after endDate 2024-04-30; .* so swap them/,
    );
  });
});

describe('a surface without a reader model', () => {
  it('does not list ask, and says ask is no method of the journal', async () => {
    const journal = await ops.analyzeObject('journal');
    expect(journal.methods.map((m) => m.name)).not.toContain('ask');
    expect(formatInterface(journal)).not.toMatch(/\bask\b/);
    expect(await messageOf(ops.invokeMethod('journal', 'ask', { question: 'What worried me?' }))).toMatch(
      /has no method "ask"\. Its methods: /,
    );
  });
});
