// What every CLI shares, as real processes: --help prints usage on stdout and exits 0; read-only commands on a
// database that does not exist say so and create nothing; a file that is not a database is named; a path the user
// typed resolves from the folder they ran npm in (INIT_CWD), not the package root.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../helpers/run-entry-point.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cli-common-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  runEntryPoint(`src/cli/${script}.ts`, args, { cwd: dir, env });

describe('every CLI', () => {
  it('--help prints the usage on stdout and exits 0', { timeout: PROCESS_TEST_MS }, async () => {
    const scripts = ['journal', 'import', 'export', 'chat', 'demo', 'migrate'];
    const results = await Promise.all(
      scripts.map((s) => run(s, ['--help'], { DATABASE_PATH: path.join(dir, 'help', 'never.sqlite') })),
    );
    results.forEach((r, i) => {
      expect({ script: scripts[i], code: r.code, stderr: r.stderr }).toEqual({
        script: scripts[i],
        code: 0,
        stderr: '',
      });
      expect(r.stdout).toMatch(new RegExp(`^Usage: npm run (-s )?${scripts[i]}`));
    });
    expect(existsSync(path.join(dir, 'help'))).toBe(false);
  });

  it(
    'read-only commands on a database that does not exist say so, exit 1 and create nothing',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const missing = path.join(dir, 'typo', 'journal.sqlite');
      const env = { DATABASE_PATH: missing, ALLOWED_USER_IDS: '111', ANTHROPIC_API_KEY: 'test-key' };
      const results = await Promise.all([
        run('journal', ['objects'], env),
        run('journal', ['invoke', 'journal', 'getDayCount'], env),
        run('journal', ['kinds'], env),
        runEntryPoint('src/cli/chat.ts', [], { cwd: dir, env, stdin: 'hello\n' }),
      ]);
      for (const r of results) {
        expect(r.code).toBe(1);
        expect(r.stderr.trim()).toBe(
          `There is no database at ${missing}; nothing was created. Check DATABASE_PATH (npm start and npm run import create the journal).`,
        );
      }
      expect(existsSync(path.join(dir, 'typo'))).toBe(false);
    },
  );

  it('a file that is not a database is named in the error', { timeout: PROCESS_TEST_MS }, async () => {
    const garbage = path.join(dir, 'notes.txt');
    writeFileSync(garbage, 'this is a shopping list, not SQLite\n'.repeat(200));
    const result = await run('journal', ['objects'], { DATABASE_PATH: garbage });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      new RegExp(
        `^${garbage.replaceAll('.', '\\.')} is not a SQLite database \\(file is not a database\\); nothing was changed\\.`,
      ),
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it(
    'import reads a relative path from the folder npm was run in (INIT_CWD)',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const sub = path.join(dir, 'exports');
      mkdirSync(sub, { recursive: true });
      copyFileSync(
        path.join(REPO_ROOT, 'test/fixtures/telegram-export/saved-messages.json'),
        path.join(sub, 'result.json'),
      );
      const env = { DATABASE_PATH: path.join(dir, 'imported.sqlite'), ALLOWED_USER_IDS: '111', INIT_CWD: sub };
      const result = await run('import', ['result.json'], env);
      expect(result.stderr).not.toMatch(/cannot|no such file/i);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Imported \d+ entries/);
    },
  );
});
