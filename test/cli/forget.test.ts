// npm run forget as a real process: --all leaves no row of the owner and the other owner's journal unchanged; --entry
// forgets one entry; without --yes it asks for the typed phrase on stdin, and bad command lines say what is expected.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { seedEntries } from '../helpers/seed-entries.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const A = 111;
const B = 222;
let temp: TempDb;

beforeEach(async () => {
  temp = await createTempDb();
  await seedEntries(temp.db, A, [
    ['2024-04-01T08:00:00Z', 'A first #one'],
    ['2024-04-02T08:00:00Z', 'A second'],
  ]);
  await seedEntries(temp.db, B, [['2024-04-01T09:00:00Z', 'B keeps this #mine']]);
  const now = '2024-06-01T00:00:00.000Z';
  for (const owner of [A, B]) {
    await temp.db
      .insertInto('digest_subscription')
      .values({ owner_id: owner, chat_id: owner, local_time: '08:00', since: now })
      .execute();
    await temp.db
      .insertInto('object_handle')
      .values({ owner_id: owner, id: `h${owner}`, kind: 'k', state: '{}', created_at: now })
      .execute();
  }
  await temp.db.destroy();
});
afterEach(() => temp.cleanup());

const forget = (args: string[], stdin?: string) =>
  runEntryPoint('src/cli/forget.ts', args, { cwd: temp.dir, env: { DATABASE_PATH: temp.file }, stdin });

async function rowsByOwner(): Promise<Record<string, Record<number, number>>> {
  const db = await temp.reopen();
  const out: Record<string, Record<number, number>> = {};
  for (const table of ['entry', 'entry_tag', 'digest_subscription', 'object_handle'] as (keyof Database)[]) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as { owner_id: number }[];
    out[table] = { [A]: rows.filter((r) => r.owner_id === A).length, [B]: rows.filter((r) => r.owner_id === B).length };
  }
  return out;
}

describe('npm run forget', { timeout: PROCESS_TEST_MS }, () => {
  it('--all --yes removes every row of the owner and leaves the other owner as it was', async () => {
    const result = await forget(['--owner', String(A), '--all', '--yes']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Forgotten: every row of owner 111 \(rows removed: .*entry 2/);
    expect(result.stdout).toContain('Backups and exports made before keep what they hold.');
    expect(await rowsByOwner()).toEqual({
      entry: { [A]: 0, [B]: 1 },
      entry_tag: { [A]: 0, [B]: 1 },
      digest_subscription: { [A]: 0, [B]: 1 },
      object_handle: { [A]: 0, [B]: 1 },
    });
  });

  it('--entry asks for "forget" on stdin without --yes, and deletes nothing when not confirmed', async () => {
    const refused = await forget(['--owner', String(A), '--entry', '1'], 'no\n');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Entry #1 of 2024-04-01 08:00: A first #one');
    expect(refused.stderr).toContain('Not confirmed; nothing was deleted.');

    const done = await forget(['--owner', String(A), '--entry', '1'], 'forget\n');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^Forgotten: entry #1 of 2024-04-01/);
    expect((await rowsByOwner()).entry).toEqual({ [A]: 1, [B]: 1 });
  });

  it("another owner's entry is not found, and a bad command line says what it expects", async () => {
    // Independent runs, none of which deletes anything: at once.
    const [other, neither, help, noOwner] = await Promise.all([
      forget(['--owner', String(B), '--entry', '1', '--yes']),
      forget(['--owner', String(A)]),
      forget(['--help']),
      forget(['--all', '--yes']),
    ]);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/There is no entry #1 of owner 222 .*nothing was deleted/);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('Pass either --entry <id> or --all');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(
      /^Usage: npm run forget -- --owner <telegram user id> \(--entry <entry id> \| --all\) \[--yes\]/,
    );
    expect(noOwner.code).toBe(2);
    expect(noOwner.stderr).toContain('Pass --owner <telegram user id>');
    expect((await rowsByOwner()).entry).toEqual({ [A]: 2, [B]: 1 });
  });
});
