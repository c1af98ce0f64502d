// npm run backup, as a real process, while another connection (the bot) holds recent writes in the WAL: the copy
// has them, passes PRAGMA integrity_check, is 0600, and the command says where it went.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

let temp: TempDb;
let out: string;
beforeEach(async () => {
  temp = await createTempDb();
  out = mkdtempSync(path.join(tmpdir(), 'journal-backup-'));
});
afterEach(async () => {
  await temp.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('npm run backup', { timeout: PROCESS_TEST_MS }, () => {
  it(
    'copies a journal in use, checks the copy, and prints where it went',
    async () => {
      await seedEntries(
        temp.db,
        111,
        Array.from(
          { length: 50 },
          (_, i) => [`2024-05-${String((i % 28) + 1).padStart(2, '0')}T09:00:00Z`, `entry ${i}`] as const,
        ),
      );
      expect(existsSync(`${temp.file}-wal`)).toBe(true); // the writes are in the WAL, not yet in the main file
      const copy = path.join(out, 'copy.sqlite');

      const result = await runEntryPoint('src/cli/backup.ts', [copy], { cwd: out, env: { DATABASE_PATH: temp.file } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`to ${copy}`);
      expect(result.stdout).toContain('integrity_check ok');

      expect(statSync(copy).mode & 0o777).toBe(0o600);
      // One self-contained file: no -wal or -shm left beside it.
      expect([existsSync(`${copy}-wal`), existsSync(`${copy}-shm`)]).toEqual([false, false]);
      const db = openDatabase(copy);
      try {
        expect((await db.selectFrom('entry').select('id').execute()).length).toBe(50);
      } finally {
        await db.destroy();
      }

      const again = await runEntryPoint('src/cli/backup.ts', [copy], { cwd: out, env: { DATABASE_PATH: temp.file } });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already exists/);
    },
    PROCESS_TEST_MS,
  );

  it(
    'with DATABASE_URL set it copies nothing and says to use pg_dump, naming the server without the password',
    async () => {
      const copy = path.join(out, 'copy.sqlite');
      const env = { DATABASE_PATH: temp.file, DATABASE_URL: 'postgres://journal:s3cret@db.example:5432/journal' };
      const result = await runEntryPoint('src/cli/backup.ts', [copy], { cwd: out, env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'DATABASE_URL is set, so the journal is in PostgreSQL db.example:5432/journal; npm run backup copies a SQLite journal only.',
      );
      expect(result.stderr).toContain('pg_dump --format=custom');
      expect(result.stderr + result.stdout).not.toContain('s3cret');
      expect(existsSync(copy)).toBe(false);
    },
    PROCESS_TEST_MS,
  );
});
