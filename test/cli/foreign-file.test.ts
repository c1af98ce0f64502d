// The commands pointed at a file that is not a journal (another app's SQLite file, an empty file, a text file) exit 1
// with one line naming the file and leave it byte for byte unchanged, with nothing added beside it. Real processes.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS, REPO_ROOT, runEntryPoint } from '../helpers/run-entry-point.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'foreign-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const EXPORT = path.join(REPO_ROOT, 'test/fixtures/telegram-export/saved-messages.json');
const FILES: Record<string, (file: string) => void> = {
  "another app's database (table entries)": (file) => {
    const db = new SQLite(file);
    db.exec(
      "CREATE TABLE entries (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO entries (body) VALUES ('their data')",
    );
    db.close();
  },
  'an empty file': (file) => writeFileSync(file, ''),
};
const COMMANDS: Record<string, [string, string[]]> = {
  'journal objects': ['src/cli/journal.ts', ['objects', '--owner', '1']],
  import: ['src/cli/import.ts', [EXPORT, '--owner', '1']],
  start: ['src/main.ts', []],
  export: ['src/cli/export.ts', ['--owner', '1', '--out', 'out.json']],
  mcp: ['src/cli/mcp.ts', ['--owner', '1']],
};

// The kinds of file are told apart by the same check whatever the command (test/db/sqlite/journal-file.test.ts covers
// each); here every command meets the foreign database, and those that create a journal meet the empty file.
describe('a file that is not a journal', { timeout: PROCESS_TEST_MS }, () => {
  it.each([
    ["another app's database (table entries)", Object.keys(COMMANDS)],
    ['an empty file', ['start', 'import', 'mcp']],
  ])('%s is left byte for byte unchanged by %j', async (what, commands) => {
    const file = path.join(dir, 'journal.sqlite');
    FILES[what]!(file);
    const before = readFileSync(file);
    // One after another: two cores, and each start compiles under tsx.
    for (const name of commands) {
      const [script, args] = COMMANDS[name]!;
      const result = await runEntryPoint(script, args, {
        cwd: dir,
        stdin: '',
        env: {
          DATABASE_PATH: file,
          TELEGRAM_BOT_TOKEN: '123456789:AAF-fake-token-for-tests_0123456789ab',
          ALLOWED_USER_IDS: '1',
        },
      });
      expect(readFileSync(file).equals(before)).toBe(true);
      expect(readdirSync(dir)).toEqual(['journal.sqlite']);
      expect(result.stderr).toContain(file);
      expect(result.stderr).toMatch(/nothing was changed/);
      if (name !== 'mcp') expect({ name, code: result.code }).toEqual({ name, code: 1 });
    }
  });

  it('import of a missing export creates no journal', async () => {
    const file = path.join(dir, 'new', 'journal.sqlite');
    const result = await runEntryPoint('src/cli/import.ts', [path.join(dir, 'no-such-export.json'), '--owner', '1'], {
      cwd: dir,
      env: { DATABASE_PATH: file },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /no-such-export\.json: there is no such file or folder; nothing was imported or created/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
