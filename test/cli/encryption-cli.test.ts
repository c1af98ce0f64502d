// Every command on an encrypted journal, as real processes: encrypt, then journal/export/backup with the key; without
// it one line naming JOURNAL_KEY and exit 1 (the file untouched); decrypt gives back a plain journal with the same entries.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { seedEntries } from '../helpers/seed-entries.ts';

const KEY = 'correct horse battery staple';
const OWNER = '111';
let dir: string;
let file: string;
const env = (extra: Record<string, string> = {}) => ({ DATABASE_PATH: file, ALLOWED_USER_IDS: OWNER, ...extra });
const sha = () => createHash('sha256').update(readFileSync(file)).digest('hex');
const header = () => readFileSync(file).subarray(0, 16).toString('latin1');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-encryption-cli-'));
  file = path.join(dir, 'journal.sqlite');
  const db = openDatabase(file);
  await migrateToLatest(db);
  await seedEntries(
    db,
    Number(OWNER),
    Array.from(
      { length: 12 },
      (_, i) => [`2024-04-${String(i + 1).padStart(2, '0')}T09:00:00Z`, `secret lighthouse ${i}`] as const,
    ),
  );
  await db.destroy();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('commands on an encrypted journal', { timeout: PROCESS_TEST_MS }, () => {
  it('encrypt, then use with the key; without it or with a wrong one, one line and the file untouched', async () => {
    const encrypted = await runEntryPoint('src/cli/encrypt.ts', [], { cwd: dir, env: env({ JOURNAL_KEY: KEY }) });
    expect(encrypted.stderr).toBe('');
    expect(encrypted.stdout).toMatch(/^Encrypted .* with JOURNAL_KEY \(\d+ tables, 12 entries, integrity_check ok\)/);
    expect(encrypted.code).toBe(0);
    expect(header()).not.toBe('SQLite format 3\u0000');
    expect(readFileSync(file).includes('lighthouse')).toBe(false);

    const count = await runEntryPoint('src/cli/journal.ts', ['invoke', 'journal', 'getTotalEntryCount'], {
      cwd: dir,
      env: env({ JOURNAL_KEY: KEY }),
    });
    expect(JSON.parse(count.stdout)).toEqual({ type: 'value', value: 12 });

    const before = sha();
    const without = await runEntryPoint('src/cli/journal.ts', ['objects'], { cwd: dir, env: env() });
    expect(without.code).toBe(1);
    expect(without.stderr.trim().split('\n')).toHaveLength(1);
    expect(without.stderr).toMatch(
      /file is not a database\); nothing was changed\. If it is an encrypted journal, set JOURNAL_KEY/,
    );
    const wrong = await runEntryPoint('src/cli/export.ts', ['--out', path.join(dir, 'never.json')], {
      cwd: dir,
      env: env({ JOURNAL_KEY: 'wrong' }),
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toMatch(/^JOURNAL_KEY does not open .*: the key is wrong/);
    expect(sha()).toBe(before);
  });

  it('backs up encrypted, exports plain text and says so', async () => {
    const backup = await runEntryPoint('src/cli/backup.ts', [path.join(dir, 'backup.sqlite')], {
      cwd: dir,
      env: env({ JOURNAL_KEY: KEY }),
    });
    expect(backup.stdout).toContain('encrypted with JOURNAL_KEY like the journal');
    expect(readFileSync(path.join(dir, 'backup.sqlite')).includes('lighthouse')).toBe(false);

    const exported = await runEntryPoint('src/cli/export.ts', ['--out', path.join(dir, 'export.json')], {
      cwd: dir,
      env: env({ JOURNAL_KEY: KEY }),
    });
    expect(exported.code).toBe(0);
    expect(exported.stderr).toMatch(/this export is plain text/);
    expect(readFileSync(path.join(dir, 'export.json'), 'utf8')).toContain('secret lighthouse 11');
  });

  it('decrypts back to a plain journal with the same entries', async () => {
    const decrypted = await runEntryPoint('src/cli/decrypt.ts', [], { cwd: dir, env: env({ JOURNAL_KEY: KEY }) });
    expect(decrypted.code).toBe(0);
    expect(header()).toBe('SQLite format 3\u0000');
    const db = openDatabase(file, { mustExist: true });
    expect((await db.selectFrom('entry').select('content').orderBy('id').execute()).map((r) => r.content)).toEqual(
      Array.from({ length: 12 }, (_, i) => `secret lighthouse ${i}`),
    );
    await db.destroy();
  });
});
