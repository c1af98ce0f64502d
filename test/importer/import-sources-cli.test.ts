// npm run import as a real process on other apps' journals: it says what it found, --dry-run writes nothing,
// --format overrides, and another account's personal-chat export exits 1. Into a new journal, --owner alone makes its
// owner; a journal with other owners refuses another --owner, listing them and naming ALLOWED_USER_IDS.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../helpers/run-entry-point.ts';
import { buildZip } from '../helpers/zip-writer.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'import-sources-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = {
  DATABASE_PATH: path.join(dir, 'journal.sqlite'),
  ALLOWED_USER_IDS: '111',
  JOURNAL_TIMEZONE: 'Europe/Berlin',
};
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

    const forced = await importCli([
      own('journals/jrnl/starred.txt'),
      '--format',
      'jrnl',
      '--date-format',
      '%Y-%m-%d %H:%M',
    ]);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('is a jrnl journal (text) (--format jrnl).');
    expect(forced.stdout).toMatch(/^jrnl text journal: imported 2 entries/);

    const partner = await importCli([own('telegram-export/partner-personal-chat.json'), '--owner', '111']);
    expect(partner.code).toBe(1);
    expect(partner.stderr).toMatch(/personal chat with user 111 exported from the other person's account/);
  });

  it('imports a Day One export into a new journal with --owner 42 alone, and says 42 is its owner now', async () => {
    const fresh = { DATABASE_PATH: path.join(dir, 'new-journal.sqlite'), JOURNAL_TIMEZONE: 'Europe/Berlin' };
    const run = (args: string[]) => runEntryPoint('src/cli/import.ts', args, { cwd: dir, env: fresh });
    const first = await run([own('journals/dayone-oddities.json'), '--owner', '42']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(
      'The journal is empty and has no owner yet: this import makes user 42 its owner. Set ALLOWED_USER_IDS=42 for the bot.',
    );
    expect(first.stdout).toMatch(/imported 2 entries/);
    const db = openDatabase(fresh.DATABASE_PATH);
    try {
      expect((await db.selectFrom('entry').select('owner_id').distinct().execute()).map((r) => r.owner_id)).toEqual([
        42,
      ]);
    } finally {
      await db.destroy();
    }
    // Now the journal has an owner: another --owner is refused, naming who owns it and how to add one.
    const other = await run([own('journals/dayone-oddities.json'), '--owner', '43']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      '--owner 43 has no journal here. The owners are: 42. An owner is listed in ALLOWED_USER_IDS or has entries here: to add 43, add it to ALLOWED_USER_IDS.',
    );
  });
});
