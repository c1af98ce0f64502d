// npm run migrate applies pending migrations one line each, then says the database is up to date.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-migrate-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run migrate', { timeout: PROCESS_TEST_MS }, () => {
  it('applies every migration once, creating missing folders, and is a no-op the second time', async () => {
    const env = { DATABASE_PATH: path.join(dir, 'new', 'journal.sqlite') };
    const first = await runEntryPoint('src/cli/migrate.ts', [], { cwd: dir, env });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^applied: 2026_11_30_000001_entries$/m);
    expect(first.stdout).toMatch(/migration\(s\) applied\./);
    const second = await runEntryPoint('src/cli/migrate.ts', [], { cwd: dir, env });
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toMatch(/is up to date\.$/);
  });

  it('a bad configuration is one line naming the variable, exit 1', async () => {
    const result = await runEntryPoint('src/cli/migrate.ts', [], { cwd: dir, env: { JOURNAL_TIMEZONE: 'Not/AZone' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/JOURNAL_TIMEZONE/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
