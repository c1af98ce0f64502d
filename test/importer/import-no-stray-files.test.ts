// npm run import creates no journal file when it writes nothing: a --dry-run with no journal yet counts against an
// empty one in memory, and a folder it cannot read is refused before the journal is opened.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../helpers/run-entry-point.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'import-no-stray-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const journal = path.join(dir, 'data', 'journal.sqlite');
const env = { DATABASE_PATH: journal, ALLOWED_USER_IDS: '111', JOURNAL_TIMEZONE: 'Europe/Berlin' };

describe('npm run import that writes nothing', { timeout: PROCESS_TEST_MS }, () => {
  it('--dry-run says what it would import and creates no journal file (nor its folder)', async () => {
    const result = await runEntryPoint(
      'src/cli/import.ts',
      [path.join(REPO_ROOT, 'test/fixtures/journals/jrnl/starred.txt'), '--dry-run'],
      { cwd: dir, env },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/2 entries/);
    expect(existsSync(journal)).toBe(false);
    expect(existsSync(path.dirname(journal))).toBe(false);
  });

  it('a folder it cannot read is refused, saying so, and creates no journal file', async () => {
    const folder = path.join(dir, 'holiday-photos');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'notes.bin'), Buffer.from([0, 1, 2, 3]));
    const result = await runEntryPoint('src/cli/import.ts', [folder], { cwd: dir, env });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).not.toBe('');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(journal)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['holiday-photos']);
  });
});
