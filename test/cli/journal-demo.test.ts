// npm run demo rebuilds its journal from scratch and prints the same trace every run, with no entry crossing over.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import sharp from 'sharp';
import { readBlobWhole } from '../../src/db/media-blobs.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { seedKnownJournal } from '../journal/known-journal.ts';

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

const demo = (file: string) => runEntryPoint('src/cli/demo.ts', [], { cwd: temp.dir, env: { DATABASE_PATH: file } });

it(
  'prints the classic trace, the same on every run, with no entry crossing over',
  { timeout: PROCESS_TEST_MS },
  async () => {
    const file = path.join(temp.dir, 'demo.sqlite');
    const first = await demo(file);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('> analyzeObject("journal")');
    expect(first.stdout).toMatch(
      /"description":"Journal entries from 2024-04-01 to 2024-04-30: (\d+) days, \d+ entries"/,
    );
    const days = /from 2024-04-01 to 2024-04-30: (\d+) days/.exec(first.stdout)![1];
    expect(first.stdout).toContain(`{"type":"value","value":${days}}`);
    expect(first.stdout).toContain('Entries whose text appears above: 0 of 700.');
    expect(first.stderr).toBe('');
    const second = await demo(file);
    expect(second.stdout).toBe(first.stdout);
    // With DATABASE_URL set the demo is still its SQLite file (nothing is written to PostgreSQL), and it says so.
    const withUrl = await runEntryPoint('src/cli/demo.ts', [], {
      cwd: temp.dir,
      env: { DATABASE_PATH: file, DATABASE_URL: 'postgres://journal:s3cret@127.0.0.1:1/journal' },
    });
    expect(withUrl.code).toBe(0);
    expect(withUrl.stdout).toBe(first.stdout);
    expect(withUrl.stderr).toContain(`the demo is always a SQLite journal (${file})`);

    const db = openDatabase(file);
    const row = await db
      .selectFrom('entry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(Number(row.n)).toBe(700);
  },
);

it(
  'shows everything: real photos, moods, places, two journals, prompts; its owner is printed and found whatever ALLOWED_USER_IDS says',
  { timeout: PROCESS_TEST_MS },
  async () => {
    const file = path.join(temp.dir, 'demo.sqlite');
    const built = await demo(file);
    expect(built.code).toBe(0);
    expect(built.stdout).toContain("The demo journal's owner is 1000");

    const db = openDatabase(file);
    try {
      const journals = await db
        .selectFrom('entry')
        .select(['journal', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('journal')
        .orderBy('journal')
        .execute();
      expect(journals.map((j) => j.journal)).toEqual(['', 'Travel']);
      const photos = await db.selectFrom('entry_media').selectAll().where('kind', '=', 'photo').execute();
      expect(photos.length).toBeGreaterThanOrEqual(24);
      expect(photos.every((p) => p.state === 'kept' && p.sha256 !== null)).toBe(true);
      const image = await sharp(await readBlobWhole(db, photos[0]!.sha256!)).metadata();
      expect({ format: image.format, width: image.width, height: image.height }).toEqual({
        format: 'jpeg',
        width: 480,
        height: 360,
      });
      expect(
        Number(
          (
            await db
              .selectFrom('mood')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBeGreaterThan(30);
      expect(await db.selectFrom('owner_prompt').select('text').execute()).toHaveLength(2);
      const placed = await db.selectFrom('entry').select('metadata').where('metadata', 'like', '%"place"%').execute();
      expect(placed.length).toBeGreaterThan(50);
    } finally {
      await db.destroy();
    }

    // A newcomer's .env names their own id: the demo's commands still read the demo's owner from the file.
    const objects = await runEntryPoint('src/cli/journal.ts', ['objects'], {
      cwd: temp.dir,
      env: { DATABASE_PATH: file, ALLOWED_USER_IDS: '424242' },
    });
    expect(objects.stderr).toBe('');
    expect(objects.stdout).not.toContain('no entries');
    expect(objects.stdout).toContain('700');
  },
);

it('never wipes a journal it did not build', { timeout: PROCESS_TEST_MS }, async () => {
  await seedKnownJournal(temp.db);
  await temp.db.destroy();
  const result = await demo(temp.file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('holds a journal the demo did not build');
  expect(existsSync(temp.file)).toBe(true);
  const db = openDatabase(temp.file);
  const row = await db
    .selectFrom('entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await db.destroy();
  expect(Number(row.n)).toBe(9);
});
