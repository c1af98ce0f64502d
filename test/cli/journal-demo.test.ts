// npm run demo rebuilds its journal from scratch and prints the same trace every run, with no entry crossing over.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { seedKnownJournal } from '../journal/known-journal.ts';

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

const demo = (file: string) => runEntryPoint('src/cli/demo.ts', [], { cwd: temp.dir, env: { DATABASE_PATH: file } });

it('prints the classic trace, the same on every run, with no entry crossing over', { timeout: PROCESS_TEST_MS }, async () => {
  const file = path.join(temp.dir, 'demo.sqlite');
  const first = await demo(file);
  expect(first.code).toBe(0);
  expect(first.stdout).toContain('> analyzeObject("journal")');
  expect(first.stdout).toMatch(/"description":"Journal entries from 2024-04-01 to 2024-04-30: (\d+) days, \d+ entries"/);
  const days = /from 2024-04-01 to 2024-04-30: (\d+) days/.exec(first.stdout)![1];
  expect(first.stdout).toContain(`{"type":"value","value":${days}}`);
  expect(first.stdout).toContain('Entries whose text appears above: 0 of 700.');
  expect(first.stderr).toBe('');
  const second = await demo(file);
  expect(second.stdout).toBe(first.stdout);
  // With DATABASE_URL set the demo is still its SQLite file (nothing is written to PostgreSQL), and it says so.
  const withUrl = await runEntryPoint('src/cli/demo.ts', [], { cwd: temp.dir, env: { DATABASE_PATH: file, DATABASE_URL: 'postgres://journal:s3cret@127.0.0.1:1/journal' } });
  expect(withUrl.code).toBe(0);
  expect(withUrl.stdout).toBe(first.stdout);
  expect(withUrl.stderr).toContain(`the demo is always a SQLite journal (${file})`);

  const db = openDatabase(file);
  const row = await db.selectFrom('entry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  await db.destroy();
  expect(Number(row.n)).toBe(700);
});

it('never wipes a journal it did not build', { timeout: PROCESS_TEST_MS }, async () => {
  await seedKnownJournal(temp.db);
  await temp.db.destroy();
  const result = await demo(temp.file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('holds a journal the demo did not build');
  expect(existsSync(temp.file)).toBe(true);
  const db = openDatabase(temp.file);
  const row = await db.selectFrom('entry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  await db.destroy();
  expect(Number(row.n)).toBe(9);
});
