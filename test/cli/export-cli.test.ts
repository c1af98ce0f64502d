// npm run export as a real process: by default into data/exports/ of the project folder (git-ignored), never the
// folder the user stands in, and every file private (0600) in a private folder (0700).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_DIR } from '../../src/cli/export.ts';
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

describe('npm run export', { timeout: PROCESS_TEST_MS }, () => {
  it('writes into data/exports/ by default, 0600 files in a 0700 folder', async () => {
    // npm runs the script in the project folder (here the test's folder) and passes where the user stood as INIT_CWD.
    const elsewhere = path.join(temp.dir, 'somewhere');
    const env = { DATABASE_PATH: temp.file, INIT_CWD: elsewhere };
    const json = await runEntryPoint('src/cli/export.ts', ['--owner', String(OWNER)], { cwd: temp.dir, env });
    const md = await runEntryPoint('src/cli/export.ts', ['--format', 'md', '--owner', String(OWNER)], { cwd: temp.dir, env });
    expect([json.code, md.code]).toEqual([0, 0]);
    const dir = path.join(temp.dir, DEFAULT_EXPORT_DIR);
    const files = readdirSync(dir).sort();
    expect(files).toEqual([expect.stringMatching(/^journal-\d{4}-\d{2}-\d{2}\.json$/), expect.stringMatching(/^journal-\d{4}-\d{2}-\d{2}\.md$/)]);
    expect(json.stdout).toContain(path.join(dir, files[0]!));
    expect(files.map((f) => statSync(path.join(dir, f)).mode & 0o777)).toEqual([0o600, 0o600]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(temp.dir)).not.toContain('somewhere');
  });
});
