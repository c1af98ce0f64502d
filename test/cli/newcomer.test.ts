// A newcomer's first hour, as real processes: npm start -- --help prints its usage; a command that finds no journal at
// the default path while the demo's exists says how to use the demo; on PostgreSQL, a server that cannot be reached is
// one sentence naming DATABASE_URL (never the password), for the commands and for npm run web; and npm run web
// refuses a journal whose schema is older, as the other read-only commands do.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { freePort } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-newcomer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** One line on stderr, no stack, exit 1. */
function expectOneLine(result: { code: number | null; stderr: string }, text: string | RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(text);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe("a newcomer's first hour", { timeout: PROCESS_TEST_MS }, () => {
  it('npm start -- --help prints the usage and exits 0, with no token and no database', async () => {
    const help = await runEntryPoint('src/main.ts', ['--help'], { cwd: dir });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm start\n/);
    expect(help.stdout).toContain('TELEGRAM_BOT_TOKEN');
    const stray = await runEntryPoint('src/main.ts', ['now'], { cwd: dir });
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('Unexpected argument "now".\nUsage: npm start');
  });

  it('with no journal at the default path but the demo built, says how to use the demo', async () => {
    const without = await runEntryPoint('src/cli/journal.ts', ['objects'], { cwd: dir });
    expectOneLine(without, /There is no database at .*journal\.sqlite; nothing was created\. Check DATABASE_PATH/);
    expect(without.stderr).not.toContain('demo');
    mkdirSync(path.join(dir, 'data'));
    writeFileSync(path.join(dir, 'data', 'demo.sqlite'), '');
    for (const script of ['src/cli/journal.ts', 'src/cli/web.ts']) {
      const result = await runEntryPoint(script, script.endsWith('journal.ts') ? ['objects'] : [], { cwd: dir });
      expectOneLine(
        result,
        'The demo journal is at data/demo.sqlite: to use it, put DATABASE_PATH=data/demo.sqlite before the command, e.g. DATABASE_PATH=data/demo.sqlite npm run web.',
      );
    }
  });

  it('on PostgreSQL, a server that cannot be reached is one sentence naming DATABASE_URL, never the password', async () => {
    const port = await freePort();
    const env = { DATABASE_URL: `postgres://journal:s3cret-pw@127.0.0.1:${port}/journal` };
    for (const [script, args] of [
      ['src/cli/journal.ts', ['objects']],
      ['src/cli/web.ts', []],
    ] as const) {
      const result = await runEntryPoint(script, [...args], { cwd: dir, env });
      expectOneLine(
        result,
        `Cannot reach the PostgreSQL server at 127.0.0.1:${port} (ECONNREFUSED): check that it is running and that DATABASE_URL names its host and port.`,
      );
      expect(result.stderr).not.toContain('s3cret-pw');
      expect(result.stderr).not.toContain('DATABASE_PATH');
    }
  });

  it('npm run web refuses a journal whose schema is older, saying to run npm run migrate, and changes nothing', async () => {
    const file = path.join(dir, 'journal.sqlite');
    const db = openDatabase(file);
    await migrateToLatest(db);
    await sql`DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration)`.execute(db);
    const applied = async (journal = db) =>
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(journal)).rows[0]!.n);
    const before = await applied();
    await db.destroy();
    const result = await runEntryPoint('src/cli/web.ts', [], {
      cwd: dir,
      env: { DATABASE_PATH: file, ALLOWED_USER_IDS: '1' },
    });
    expectOneLine(
      result,
      /is not ready for this version \(1 schema step to apply, .*\); nothing was changed\. Run `npm run migrate`/,
    );
    const after = openDatabase(file);
    try {
      expect(await applied(after)).toBe(before);
    } finally {
      await after.destroy();
    }
  });
});
