// npm run stats as a real process: the /stats picture of one's own journal written to a PNG file, offline.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTempDb, testJournalKey, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 4242;
let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb('sqlite');
  await seedEntries(temp.db, OWNER, [
    ['2024-03-01T09:00:00Z', 'A walk #walk'],
    ['2024-03-02T09:00:00Z', 'Another walk #walk'],
  ]);
  await temp.db.destroy(); // the child process owns the file now
});
afterEach(() => temp.cleanup());

const stats = (args: string[]) =>
  runEntryPoint('src/cli/stats.ts', args, {
    cwd: temp.dir,
    env: {
      DATABASE_PATH: temp.file,
      ALLOWED_USER_IDS: String(OWNER),
      ...(testJournalKey() ? { JOURNAL_KEY: testJournalKey()! } : {}),
    },
  });

describe('npm run stats', { timeout: PROCESS_TEST_MS }, () => {
  it('writes the picture of a year to --out and prints its caption', async () => {
    const result = await stats(['--year', '2024', '--out', 'year.png']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('2 entries on 2 days in 2024');
    const file = path.join(temp.dir, 'year.png');
    expect(result.stdout).toContain(`Written to ${file}.`);
    const image = await sharp(readFileSync(file)).metadata();
    expect(image.format).toBe('png');
    expect(image.width).toBeGreaterThan(300);
  });

  it('says what is missing: no --out, a bad year, a year without entries', async () => {
    const noOut = await stats(['--year', '2024']);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('Pass --out <file.png>');
    const badYear = await stats(['--year', '24', '--out', 'x.png']);
    expect(badYear.stderr).toContain('--year must be a year like 2024, got "24"');
    const empty = await stats(['--year', '2019', '--out', 'empty.png']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('No entries in 2019');
    // The demo journal is of 2024: an empty period names the year that has entries, as the option to pass.
    expect(empty.stderr).toContain('try --year 2024');
    const lastYear = await stats(['--out', 'empty.png']);
    expect(lastYear.stderr).toContain('No entries in the last 12 months');
    expect(lastYear.stderr).toContain('try --year 2024');
    expect(existsSync(path.join(temp.dir, 'empty.png'))).toBe(false);
  });
});
