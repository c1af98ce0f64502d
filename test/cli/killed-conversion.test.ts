// A killed npm run decrypt (SIGKILL while it writes its plain copy) leaves nothing that matters: the journal is still
// the encrypted one, and the next command, whatever it is, removes the plain copy before it opens the journal.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertJournal } from '../../src/db/sqlite/convert-encryption.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { buildGeneratedJournal } from '../../src/demo/demo-journal.ts';
import { PROCESS_TEST_MS, runEntryPoint, startEntryPoint } from '../helpers/run-entry-point.ts';

const KEY = 'killed conversion key';
const OWNER = 31;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'killed-conversion-'));
  file = path.join(dir, 'journal.sqlite');
  const db = openDatabase(file);
  await migrateToLatest(db);
  await buildGeneratedJournal(db, { ownerId: OWNER, entries: 20_000, from: '2016-01-01', seed: 3 });
  await db.destroy();
  convertJournal(file, null, KEY);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a killed npm run decrypt', { timeout: PROCESS_TEST_MS }, () => {
  it('leaves no plain copy after the next command, and the journal opens with the key', async () => {
    const copy = `${file}.converting`;
    const env = { DATABASE_PATH: file, ALLOWED_USER_IDS: String(OWNER), JOURNAL_KEY: KEY };
    const decrypt = startEntryPoint('src/cli/decrypt.ts', [], { cwd: dir, env });
    // Killed once its plain copy has bytes in it: mid-way through writing it.
    const deadline = Date.now() + 60_000;
    while (!((statSync(copy, { throwIfNoEntry: false })?.size ?? 0) > 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    decrypt.child.kill('SIGKILL');
    const killed = await decrypt.done;
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(copy)).toBe(true);

    const next = await runEntryPoint('src/cli/journal.ts', ['invoke', 'journal', 'getTotalEntryCount'], {
      cwd: dir,
      env,
    });
    expect(next.stderr).toBe('');
    expect(JSON.parse(next.stdout)).toEqual({ type: 'value', value: 20_000 });
    expect(existsSync(copy)).toBe(false);
    expect(existsSync(`${copy}.key-holder`)).toBe(false);
  });
});
