// Fuzz with real processes: npm run encrypt on a 20,000-entry journal, and a 500-entry import started 0.1 to 1.75 s
// after it. Every run ends with all 20,500 entries (or the import refused, saying so, and 20,000), the journal
// encrypted and opening with the key, and nothing beside it (no converting copy, no -wal of the other format).
// One run in npm test; `npm run fuzz` (scale 40) runs twelve.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { buildGeneratedJournal } from '../../src/demo/demo-journal.ts';
import { PROCESS_TEST_MS, startEntryPoint } from '../helpers/run-entry-point.ts';
import { FUZZ_SEED, FuzzTally, runs } from './fuzz-budget.ts';
import { expectIntactDatabase } from './integrity.ts';

const KEY = 'race horse battery staple';
const OWNER = 4242;
const JOURNAL_ENTRIES = 20_000;
const IMPORTED = 500;
const dir = mkdtempSync(path.join(tmpdir(), 'fuzz-encrypt-race-'));
const template = path.join(dir, 'template.sqlite');
const jrnlFile = path.join(dir, 'race.txt');

beforeAll(async () => {
  const db = openDatabase(template);
  await migrateToLatest(db);
  await buildGeneratedJournal(db, { ownerId: OWNER, entries: JOURNAL_ENTRIES, from: '2015-01-01', seed: 7 });
  await db.destroy();
  // 500 jrnl entries, a minute apart, on days the generated journal never reaches.
  const lines = Array.from({ length: IMPORTED }, (_, i) => {
    const minute = String(i % 60).padStart(2, '0');
    const hour = String(Math.floor(i / 60)).padStart(2, '0');
    return `[2030-03-01 ${hour}:${minute}] Race entry ${i}.\nwritten while the journal was being encrypted\n`;
  });
  writeFileSync(jrnlFile, lines.join('\n'));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function countWithKey(file: string): Promise<number> {
  const db = openDatabase(file, { key: KEY, mustExist: true });
  try {
    await expectIntactDatabase(db);
    const { n } = await db
      .selectFrom('entry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  } finally {
    await db.destroy();
  }
}

describe('npm run encrypt while an import starts', () => {
  it('loses no entry and leaves a journal that opens with the key', { timeout: PROCESS_TEST_MS * 12 }, async () => {
    const tally = new FuzzTally('encrypt while an import starts');
    let run = 0;
    await tally.run(() =>
      fc.assert(
        fc.asyncProperty(fc.integer({ min: 100, max: 1750 }), async (delayMs) => {
          tally.cases += 1;
          tally.items += IMPORTED;
          const runDir = path.join(dir, `run-${++run}`);
          rmSync(runDir, { recursive: true, force: true });
          const file = path.join(runDir, 'journal.sqlite');
          mkdirSync(runDir, { recursive: true });
          copyFileSync(template, file);
          const env = { DATABASE_PATH: file, ALLOWED_USER_IDS: String(OWNER), JOURNAL_KEY: KEY };
          const encrypt = startEntryPoint('src/cli/encrypt.ts', [], { cwd: runDir, env });
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          const importing = startEntryPoint('src/cli/import.ts', [jrnlFile, '--format', 'jrnl'], { cwd: runDir, env });
          const [encrypted, imported] = await Promise.all([encrypt.done, importing.done]);
          const context = `delay ${delayMs} ms\nencrypt: ${encrypted.code} ${encrypted.stdout}${encrypted.stderr}\nimport: ${imported.code} ${imported.stdout}${imported.stderr}`;
          expect(encrypted.code, context).toBe(0);
          expect(readFileSync(file).subarray(0, 16).toString('latin1'), context).not.toBe('SQLite format 3\u0000');
          const count = await countWithKey(file);
          if (imported.code === 0) {
            expect(imported.stdout, context).toMatch(/500/);
            expect(count, context).toBe(JOURNAL_ENTRIES + IMPORTED);
          } else {
            // Refused before writing anything, saying why (the journal was not encrypted yet, and the key was set).
            expect(imported.stderr.trim(), context).not.toBe('');
            expect(imported.stderr, context).not.toMatch(/\n\s+at /);
            tally.lost += count === JOURNAL_ENTRIES ? 0 : Math.abs(JOURNAL_ENTRIES - count);
            expect(count, context).toBe(JOURNAL_ENTRIES);
          }
          const beside = readdirSync(runDir).filter(
            (name) => name !== 'journal.sqlite' && !name.endsWith('.conversion-lock'),
          );
          expect(beside, context).toEqual([]);
          expect(existsSync(`${file}.converting`)).toBe(false);
          rmSync(runDir, { recursive: true, force: true });
        }),
        { numRuns: Math.max(1, runs(0.3)), seed: FUZZ_SEED },
      ),
    );
  });
});
