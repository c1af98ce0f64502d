// Fuzz: hostile Day One, jrnl and Markdown inputs never crash the import pipeline. A damaged zip (truncated, a bomb,
// a bad checksum) is one clear ImportError; wrong types, huge text and impossible dates are counted skips named by
// their ids; every other item becomes an entry. Bounded in npm test; `npm run fuzz` runs many more cases.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { ImportError } from '../../src/importer/import-error.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { readJrnlText } from '../../src/importer/sources/jrnl.ts';
import { SOURCE_SKIP_REASONS } from '../../src/importer/sources/source-item.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { buildZip } from '../helpers/zip-writer.ts';
import { FUZZ_SEED, runs } from './fuzz-budget.ts';
import { expectIntactDatabase } from './integrity.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'fuzz-sources-'));
let temp: TempDb;
let n = 0;
beforeAll(async () => {
  temp = await createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
  rmSync(dir, { recursive: true, force: true });
});
const write = (name: string, data: string | Buffer) => {
  const file = path.join(dir, `${++n}-${name}`);
  writeFileSync(file, data);
  return file;
};
const dayOne = (file: string, zip: boolean, maxMemberBytes?: number) =>
  importSource(temp.db, readDayOne(file, zip, { maxMemberBytes }), path.basename(file), {
    ownerId: 7,
    timeZone: 'Europe/Berlin',
  });
const journal = (entries: unknown[]) => Buffer.from(JSON.stringify({ metadata: { version: '1.0' }, entries }));
const good = (i: number) => ({
  uuid: `C${String(i).padStart(31, '0')}`,
  creationDate: '2023-05-01T10:00:00Z',
  text: `entry ${i}`,
});

describe('hostile Day One zips', () => {
  it('a truncated zip is one clear error naming why', async () => {
    const whole = buildZip([{ name: 'J.json', data: journal([good(1), good(2)]) }]);
    for (const cut of [10, Math.floor(whole.length / 2), whole.length - 5]) {
      const report = await dayOne(write('cut.zip', whole.subarray(0, cut)), true);
      expect(report.error).toBeInstanceOf(ImportError);
      expect(report.error!.message).toMatch(/cut off|truncated|damaged|directory/);
    }
  });

  it('a zip bomb is bounded: a member inflating past what it claims, or claiming more than deflate can make, stops at once', async () => {
    const huge = Buffer.alloc(20 * 1024 * 1024, 0x20); // 20 MB of spaces deflates to ~20 KB
    const lying = await dayOne(write('bomb.zip', buildZip([{ name: 'J.json', data: huge, claimSize: 1000 }])), true);
    expect(lying.error?.message).toMatch(/inflates past the 1000 bytes it claims \(a zip bomb\?\)/);
    const claiming = await dayOne(
      write('claim.zip', buildZip([{ name: 'J.json', data: Buffer.from('{}'), claimSize: 3_000_000_000 }])),
      true,
    );
    expect(claiming.error?.message).toMatch(/more than deflate can produce \(a zip bomb\?\)/);
    const capped = await dayOne(write('cap.zip', buildZip([{ name: 'J.json', data: huge }])), true, 1024 * 1024);
    expect(capped.error?.message).toMatch(/more than the 1048576 read/);
    const badCrc = await dayOne(
      write('crc.zip', buildZip([{ name: 'J.json', data: journal([good(1)]), claimCrc: 1234 }])),
      true,
    );
    expect(badCrc.error?.message).toMatch(/checksum does not match/);
  });
});

describe('hostile Day One entries and jrnl lines', () => {
  const value = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
  );
  const date = fc.oneof(
    fc.constant('2021-02-30T10:00:00Z'),
    fc.constant('10000-01-01T00:00:00Z'),
    fc.constant('1969-12-31T23:59:59Z'),
    fc
      .date({ min: new Date('1970-01-02'), max: new Date('9999-12-30'), noInvalidDate: true })
      .map((d) => d.toISOString().replace('.000', '')),
    value,
  );
  const entry = fc.record(
    {
      uuid: fc.oneof(fc.stringMatching(/^[0-9A-F]{32}$/), value),
      creationDate: date,
      text: fc.oneof(fc.string(), value),
      tags: value,
      timeZone: value,
      photos: value,
      location: value,
      weather: value,
    },
    { requiredKeys: [] },
  );

  it('wrong types and impossible dates are counted skips; every item is counted once; nothing crashes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(entry, value), { maxLength: 12 }), async (entries) => {
        const report = await dayOne(write('e.json', journal(entries)), false);
        expect(report.error).toBeNull();
        const skipped = SOURCE_SKIP_REASONS.reduce((sum, r) => sum + report.skipped[r], 0);
        expect(report.imported + report.alreadyPresent + skipped).toBe(entries.length);
      }),
      { numRuns: runs(25), seed: FUZZ_SEED },
    );
    await expectIntactDatabase(temp.db);
  });

  it('entries that are not a list, and huge text, are handled', async () => {
    const notList = await dayOne(write('nl.json', JSON.stringify({ entries: { a: 1 } })), false);
    expect(notList.error?.message).toMatch(/"entries" that is not a list|no "entries" list/);
    const text = 'x'.repeat(5_000_000);
    const huge = await dayOne(write('huge.json', journal([{ ...good(99), text }])), false);
    expect(huge).toMatchObject({ error: null, imported: 1 });
    const stored = await temp.db
      .selectFrom('entry')
      .select(['content', 'title'])
      .where('source_id', '=', good(99).uuid)
      .executeTakeFirstOrThrow();
    expect(stored.content.length).toBe(5_000_000);
    expect(stored.title.length).toBeLessThanOrEqual(120);
  });

  it('jrnl text: any lines import or count, impossible dates named', async () => {
    const line = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.integer({ min: 0, max: 10_050 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
          fc.integer({ min: 0, max: 25 }),
          fc.string(),
        )
        .map(
          ([y, m, d, h, t]) =>
            `[${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:00] ${t}`,
        ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 15 }), async (lines) => {
        const file = write('j.txt', lines.join('\n'));
        const report = await importSource(temp.db, readJrnlText(file, 'Europe/Berlin'), 'j.txt', {
          ownerId: 7,
          timeZone: 'Europe/Berlin',
        });
        expect(report.error).toBeNull();
        expect(report.skippedIds['bad-date']?.length ?? 0).toBeLessThanOrEqual(5);
      }),
      { numRuns: runs(20), seed: FUZZ_SEED },
    );
    await expectIntactDatabase(temp.db);
  });
});
