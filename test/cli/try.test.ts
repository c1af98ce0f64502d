// npm run try as a real process: the real bot against the Bot API stand-in inside the process, the terminal as the
// chat. Piped lines are messages; replies come back on stdout; the journal it names holds what was written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { testJournalKey } from '../helpers/temp-db.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-try-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const keyEnv = (): Record<string, string> => (testJournalKey() ? { JOURNAL_KEY: testJournalKey()! } : {});
const runTry = (stdin: string, args: string[] = [], env: Record<string, string> = {}) =>
  runEntryPoint('src/cli/try.ts', args, { cwd: dir, env: { ...keyEnv(), ...env }, stdin });

describe('npm run try', { timeout: PROCESS_TEST_MS }, () => {
  it('a scripted session: the message is saved, /search names it, /day shows it, in data/try.sqlite', async () => {
    const result = await runTry('Walked along the river today #walk\n/search river\n/day\n');

    expect(result.stderr).toContain('The bot is listening on this terminal (owner 1, journal data/try.sqlite)');
    expect(result.code).toBe(0);
    const [, saved, search, day] = result.stdout.split(/^> .*$/m);
    expect(saved).toContain('(✍ on your message)');
    expect(search).toContain('Journal entries containing "river": 1 entry');
    expect(search).toContain('Walked along the river today #walk');
    expect(day).toMatch(/Your entries of \d{4}-\d{2}-\d{2}: 1 entry/);
    const db = openDatabase(path.join(dir, 'data/try.sqlite'), { key: testJournalKey() });
    try {
      const rows = await db.selectFrom('entry').select(['owner_id', 'content']).execute();
      expect(rows).toEqual([{ owner_id: 1, content: 'Walked along the river today #walk' }]);
    } finally {
      await db.destroy();
    }
  });

  it('writes the stats picture to a file and prints its path; a later session keeps the journal; --journal names it', async () => {
    const journal = path.join(dir, 'mine.sqlite');
    await runTry('First entry\n', ['--journal', journal]);
    const result = await runTry('Second entry\n/stats\n', ['--journal', journal], { ALLOWED_USER_IDS: '424242' });

    expect(result.code).toBe(0);
    const picture = /\[photo written to (.+\.png)\]/.exec(result.stdout)?.[1];
    expect(picture).toBeDefined();
    expect(readFileSync(picture!).subarray(1, 4).toString()).toBe('PNG');
    expect(path.dirname(picture!)).toBe(path.join(dir, 'mine-files'));
    const db = openDatabase(journal, { key: testJournalKey() });
    try {
      const rows = await db.selectFrom('entry').select(['owner_id', 'content']).orderBy('id').execute();
      // ALLOWED_USER_IDS names the owner when set; the first session's owner was the stand-in default.
      expect(rows).toEqual([
        { owner_id: 1, content: 'First entry' },
        { owner_id: 424242, content: 'Second entry' },
      ]);
    } finally {
      await db.destroy();
    }
  });

  describe('questions', () => {
    let llm: MessagesApiStandIn;
    beforeEach(async () => {
      llm = await startMessagesApiStandIn();
    });
    afterEach(() => llm.close());

    it('say what is missing without ANTHROPIC_API_KEY, and are answered with it', async () => {
      const without = await runTry('@journal how many walks?\n');
      expect(without.stdout).toContain('ANTHROPIC_API_KEY');

      llm.script({ text: 'You walked once.' });
      const withKey = await runTry('@journal how many walks?\n', [], {
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: llm.url,
      });
      expect(withKey.code).toBe(0);
      expect(withKey.stdout).toContain('You walked once.');
      expect(llm.requests[0]!.headers.authorization).toBe('Bearer test-key');
    });
  });
});
