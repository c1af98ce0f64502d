// npm run journal as a real process: `invoke` prints pure JSON on stdout; every fault is one line on stderr, exit 1.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER, seedKnownJournal } from '../journal/known-journal.ts';

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
  await seedKnownJournal(temp.db);
  await temp.db.destroy();
});
afterEach(() => temp.cleanup());

const journal = (args: string[], env: Record<string, string> = {}) =>
  runEntryPoint('src/cli/journal.ts', args, { cwd: temp.dir, env: { DATABASE_PATH: temp.file, ...env } });

function expectOneLineError(result: { code: number | null; stdout: string; stderr: string }, text: string | RegExp) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(text);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('journal CLI', { timeout: PROCESS_TEST_MS }, () => {
  it('invoke prints only JSON on stdout, and its handles work in a later process', async () => {
    const view = await journal([
      'invoke',
      'journal',
      'getDateRangeView',
      '{"startDate":"2024-04-01","endDate":"2024-04-30"}',
      '--owner',
      String(OWNER),
    ]);
    expect(view.code).toBe(0);
    const handle = JSON.parse(view.stdout) as { type: string; objId: string; description: string };
    expect(handle).toMatchObject({
      type: 'object',
      description: 'Journal entries from 2024-04-01 to 2024-04-30: 4 days, 5 entries',
    });
    const count = await journal(['invoke', handle.objId, 'getDayCount', '--owner', String(OWNER)]);
    expect(JSON.parse(count.stdout)).toEqual({ type: 'value', value: 4 });
  });

  it('usage tallies the stored questions of the owner', async () => {
    const result = await journal(['usage', '--owner', String(OWNER)]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^No stored questions yet/);
  });

  it('objects lists one handle per line and analyze prints the interface', async () => {
    const objects = await journal(['objects', '--owner', String(OWNER)]);
    expect(objects.stdout.trim()).toBe(
      'journal (so.idyllic.prototype#JournalCollection): The whole journal: 7 days, 8 entries, 2024-03-31 to 2024-06-10',
    );
    const analyze = await journal(['analyze', 'journal', '--owner', String(OWNER)]);
    expect(analyze.code).toBe(0);
    expect(analyze.stdout).toContain('- getEntriesForDay(date: YYYY-MM-DD) -> JournalEntry[]');
  });

  it('the owner defaults to the only id in ALLOWED_USER_IDS', async () => {
    const result = await journal(['invoke', 'journal', 'getTotalEntryCount'], { ALLOWED_USER_IDS: '202' });
    expect(JSON.parse(result.stdout)).toEqual({ type: 'value', value: 1 });
  });

  it('with several owners and no --owner it asks for one, in one line', async () => {
    expectOneLineError(await journal(['objects']), /Pass --owner <telegram user id>/);
  });

  it('errors the model could make print one line on stderr and exit 1', async () => {
    const owner = ['--owner', String(OWNER)];
    expectOneLineError(
      await journal(['invoke', 'journal', 'getEntriesForDay', '{"date":"2024-02-30"}', ...owner]),
      'date must be a real calendar day in YYYY-MM-DD',
    );
    expectOneLineError(await journal(['invoke', 'nope', 'getDayCount', ...owner]), 'Unknown handle "nope"');
    expectOneLineError(
      await journal(['invoke', 'journal', 'getDayCount', '{oops', ...owner]),
      'an object of named arguments, e.g. \'{"date":"2024-04-01"}\', or an array',
    );
  });

  it("takes a method's arguments as a positional array, in the order of its signature", async () => {
    const result = await journal([
      'invoke',
      'journal',
      'getDateRangeView',
      '["2024-04-01","2024-04-30"]',
      '--owner',
      String(OWNER),
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      type: 'object',
      description: expect.stringMatching(/from 2024-04-01 to 2024-04-30: 4 days/),
    });
  });

  it('an --owner with no journal here is an error listing the owners, not an empty journal', async () => {
    expectOneLineError(
      await journal(['objects', '--owner', '42'], { ALLOWED_USER_IDS: '303' }),
      '--owner 42 has no journal here. The owners are: 101, 202, 303. An owner is listed in ALLOWED_USER_IDS or has entries here: to add 42, add it to ALLOWED_USER_IDS.',
    );
  });

  it('an unknown command prints the usage and exits 1', async () => {
    const result = await journal(['frobnicate']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Usage: npm run -s journal -- <command>');
  });
});
