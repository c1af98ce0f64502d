// Who an import belongs to when nobody said: the first import of a full-account export into an empty journal, with
// ALLOWED_USER_IDS unset, goes to the export's own account; after that, or for an export that names no account, the
// usual rule asks for --owner.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../helpers/run-entry-point.ts';

const fixture = (name: string) => path.join(REPO_ROOT, 'test/fixtures/telegram-export', name);
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-owner-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const importCli = (file: string, env: Record<string, string>) =>
  runEntryPoint('src/cli/import.ts', [file], { cwd: dir, env: { ALLOWED_USER_IDS: '', ...env } });

async function owners(databasePath: string): Promise<number[]> {
  const db = openDatabase(databasePath);
  try {
    return (await db.selectFrom('entry').select('owner_id').distinct().execute()).map((r) => r.owner_id);
  } finally {
    await db.destroy();
  }
}

describe('npm run import with no owner configured', { timeout: PROCESS_TEST_MS }, () => {
  it("imports a first full-account export into the export's own account, and says so", async () => {
    const databasePath = path.join(dir, 'journal.sqlite');
    const result = await importCli(fixture('full-account.json'), { DATABASE_PATH: databasePath });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "No owner is configured and the journal is empty: importing into the export's own account, user 111.",
    );
    expect(result.stdout).toMatch(/^Imported 4 entries/); // Saved Messages and the private channel (no bot token: no bot chat)
    expect(await owners(databasePath)).toEqual([111]);
  });

  it('still asks for --owner when the export names no account (a single chat)', async () => {
    const result = await importCli(fixture('bot-chat.json'), { DATABASE_PATH: path.join(dir, 'journal.sqlite') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Pass --owner <telegram user id>/);
  });
});
