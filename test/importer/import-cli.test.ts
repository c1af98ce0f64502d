// npm run import as a real process: the summary, one-line errors without stack traces, and Ctrl-C or a kill mid-way.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { waitUntil } from '../helpers/bot-process.ts';
import { writeSyntheticExport, type SyntheticExport } from '../../scripts/synthetic-export.ts';
import {
  PROCESS_TEST_MS,
  PROCESS_WAIT_MS,
  REPO_ROOT,
  runEntryPoint,
  startEntryPoint,
} from '../helpers/run-entry-point.ts';

const SCRIPT = 'src/cli/import.ts';
const fixture = (name: string) => path.join(REPO_ROOT, 'test/fixtures/telegram-export', name);
const dir = mkdtempSync(path.join(tmpdir(), 'import-cli-'));
let big: SyntheticExport;
let dbCount = 0;

// 12,000 messages are 9,180 entries, 19 batches of 500: room for a kill to land between batches. (40,000 proved no
// more and cost three times the import per test: 120 s of this file's 125 s on the shared 2 cores.)
beforeAll(async () => {
  big = await writeSyntheticExport(path.join(dir, 'big.json'), { messages: 12_000, shape: 'full', mix: true });
}, PROCESS_TEST_MS);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freshEnv(extra: Record<string, string> = {}) {
  const databasePath = path.join(dir, `journal-${++dbCount}.sqlite`);
  return { DATABASE_PATH: databasePath, ALLOWED_USER_IDS: '111', JOURNAL_TIMEZONE: 'Europe/Berlin', ...extra };
}
const importCli = (args: string[], env: Record<string, string>) => runEntryPoint(SCRIPT, args, { cwd: dir, env });

async function rows(databasePath: string): Promise<{ total: number; distinct: number }> {
  const db = openDatabase(databasePath);
  try {
    const r = await sql<{
      total: number;
      distinct: number;
    }>`select count(*) as total, count(distinct chat_id || ':' || message_id) as "distinct" from entry`.execute(db);
    return r.rows[0]!;
  } catch {
    return { total: 0, distinct: 0 }; // not migrated yet
  } finally {
    await db.destroy();
  }
}

/** Until the import has committed its first batch (a row in the db), whatever the machine's load. */
const untilSomeEntries = (databasePath: string) =>
  waitUntil(async () => (await rows(databasePath)).total > 0, PROCESS_WAIT_MS, 'the import to commit a batch');

describe('npm run import', { timeout: PROCESS_TEST_MS }, () => {
  it('imports, prints a summary and exits 0; a second run finds everything already there', async () => {
    const env = freshEnv({ TELEGRAM_BOT_TOKEN: '4242:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    const first = await importCli([fixture('full-account.json')], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Imported 5 entries from 3 chats \(17 messages read/);
    expect(first.stdout).toContain('Not imported: "Alice" (personal_chat, id 300000000) 3 messages;');
    expect(first.stdout).toContain('add --chat <name or id>');
    expect(first.stderr).toMatch(/^import: 100% /m);
    const second = await importCli([fixture('full-account.json'), '--owner', '111'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Imported 0 entries from 3 chats; 5 already in the journal/);
  });

  it('--chat chooses chats; one that names no chat exits 2', async () => {
    const result = await importCli([fixture('full-account.json'), '--chat', 'Friends', '--chat', 'Nobody'], freshEnv());
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^Imported 1 entry from 1 chat/);
    expect(result.stdout).toContain('No chat in the file is named "Nobody".');
  });

  it.each([
    [
      'a missing file',
      () => path.join(dir, 'nope.json'),
      /nope\.json: there is no such file or folder; nothing was imported or created\.$/,
    ],
    [
      'a file that is no journal',
      () => writeTo('notes.txt', 'hello'),
      /notes\.txt: is none of the journals this reads \(Telegram, Day One, jrnl, Markdown notes\): it starts with "hello"\. Name one with --format/,
    ],
    [
      'JSON that is not an export',
      () => writeTo('config.json', '{"a": 1}'),
      /config\.json: is JSON, but not a Telegram Desktop export/,
    ],
    [
      'a syntax error',
      () => writeTo('broken.json', '{"messages": [\n {"id": 1,, "type": "message"}]}'),
      /broken\.json: is not valid JSON at line 2, column 11: unexpected comma/,
    ],
  ])('%s: one line naming the file and the problem, no stack trace, exit 1', async (_what, makeFile, expected) => {
    const result = await importCli([makeFile()], freshEnv());
    expect(result.code).toBe(1);
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('import: ')); // progress lines
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a truncated file: keeps the whole messages before the cut, says so, exits 1', async () => {
    const cut = writeTo('cut.json', readFileSync(big.file).subarray(0, 4_000_000));
    const env = freshEnv();
    const result = await importCli([cut], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /cut\.json: ends in the middle of the JSON after 4000000 bytes: the file is truncated/,
    );
    const imported = Number(/^Imported (\d+) entries/.exec(result.stdout)?.[1]);
    expect((await rows(env.DATABASE_PATH)).total).toBe(imported);
  });

  it('usage problems exit 2 with the usage text', async () => {
    const none = await importCli([], freshEnv());
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Which file\?[\s\S]*Usage: npm run import -- <file or folder>/);
    const noOwner = await importCli([fixture('saved-messages.json')], { ...freshEnv(), ALLOWED_USER_IDS: '' });
    expect(noOwner.code).toBe(2);
    expect(noOwner.stderr).toMatch(/Pass --owner <telegram user id>/);
    // A big export's parse thread starts before the line is checked (cli/import.ts): a refused line still ends at once.
    const refused = await importCli([big.file, '--no-such-option'], freshEnv());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Unknown option '--no-such-option'[\s\S]*Usage: npm run import -- <file or folder>/);
  });

  it('killed mid-way (SIGKILL), then run again: every entry exactly once', async () => {
    const env = freshEnv();
    const running = startEntryPoint(SCRIPT, [big.file], { cwd: dir, env });
    await untilSomeEntries(env.DATABASE_PATH);
    running.child.kill('SIGKILL');
    const killed = await running.done;
    expect(killed.signal).toBe('SIGKILL');
    const partial = await rows(env.DATABASE_PATH);
    expect(partial.total).toBeLessThan(big.entries);
    expect(partial.total % 500).toBe(0); // whole batches only
    const rerun = await importCli([big.file], env);
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toContain(`; ${partial.total} already in the journal`);
    expect(await rows(env.DATABASE_PATH)).toEqual({ total: big.entries, distinct: big.entries });
  });

  it('Ctrl-C stops after the batch in hand, prints what was done, exits 130; running again finishes', async () => {
    const env = freshEnv();
    const running = startEntryPoint(SCRIPT, [big.file], { cwd: dir, env });
    await untilSomeEntries(env.DATABASE_PATH);
    running.child.kill('SIGINT');
    const stopped = await running.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stdout).toMatch(/^Stopped early: imported \d+ entries/);
    expect(stopped.stdout).toContain('Run the same import again to finish: nothing is imported twice.');
    const imported = Number(/imported (\d+) entries/.exec(stopped.stdout)![1]);
    expect((await rows(env.DATABASE_PATH)).total).toBe(imported);
    const rerun = await importCli([big.file], env);
    expect(rerun.code).toBe(0);
    expect(await rows(env.DATABASE_PATH)).toEqual({ total: big.entries, distinct: big.entries });
  });
});

function writeTo(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}
