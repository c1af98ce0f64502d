// npm run import as a real process on other apps' journals: it says what it found, --dry-run writes nothing,
// --format overrides, and another account's personal-chat export exits 1.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database.ts';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../helpers/run-entry-point.ts';
import { buildZip } from '../helpers/zip-writer.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'import-sources-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { DATABASE_PATH: path.join(dir, 'journal.sqlite'), ALLOWED_USER_IDS: '111', JOURNAL_TIMEZONE: 'Europe/Berlin' };
const importCli = (args: string[]) => runEntryPoint('src/cli/import.ts', args, { cwd: dir, env });
const own = (name: string) => path.join(REPO_ROOT, 'test/fixtures', name);

async function count(): Promise<number> {
  const db = openDatabase(env.DATABASE_PATH);
  try {
    return Number((await sql<{ n: number }>`select count(*) as n from entry`.execute(db)).rows[0]!.n);
  } catch {
    return 0;
  } finally {
    await db.destroy();
  }
}

describe('npm run import on other apps', { timeout: PROCESS_TEST_MS }, () => {
  it('recognises a Day One zip by its content, --dry-run writes nothing, then imports; --format overrides; a partner export exits 1', async () => {
    // Named .txt: the content, not the name, says it is a Day One zip.
    const zip = path.join(dir, 'export.txt');
    writeFileSync(zip, buildZip([{ name: 'Journal.json', data: readFileSync(own('journals/dayone-oddities.json')) }]));
    const dry = await importCli([zip, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain('import: ' + zip + ' is a Day One export (zip).');
    expect(dry.stdout).toMatch(/^Dry run, nothing written\. Day One zip: would import 2 entries/);
    expect(dry.stdout).toContain('(entry AAAA0000000000000000000000000004)');
    expect(await count()).toBe(0);
    const real = await importCli([zip]);
    expect(real.code).toBe(0);
    expect(real.stdout).toMatch(/^Day One zip: imported 2 entries/);
    expect(await count()).toBe(2);

    const forced = await importCli([own('journals/jrnl/starred.txt'), '--format', 'jrnl', '--date-format', '%Y-%m-%d %H:%M']);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('is a jrnl journal (text) (--format jrnl).');
    expect(forced.stdout).toMatch(/^jrnl text journal: imported 2 entries/);

    const partner = await importCli([own('telegram-export/partner-personal-chat.json'), '--owner', '111']);
    expect(partner.code).toBe(1);
    expect(partner.stderr).toMatch(/personal chat with user 111 exported from the other person's account/);
  });
});
