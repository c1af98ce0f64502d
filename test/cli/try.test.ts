// npm run try as a real process: the real bot against the Bot API stand-in inside the process, the terminal as the
// chat. Piped lines are messages; replies come back on stdout; the journal it names holds what was written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { testJournalKey } from '../helpers/temp-db.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';
import { blackPng } from '../helpers/black-png.ts';

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
    expect(saved).toContain('(✍ on your message 1)');
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

  it('a photo path sends the picture, [n] presses a button, >n replies, and a topic takes its entries', async () => {
    writeFileSync(path.join(dir, 'lake.png'), blackPng(64, 48));
    const session = [
      'lake.png', // message 1: a photo, downloaded through the stand-in's getFile
      '/mood', // 2, answered by 3 with five buttons
      '[4]',
      '/prompt', // 4, answered by 5
      '>5 The lake was still', // 6: the prompt's answer
      'Morning swim', // 7
      '>7 /forget', // 8, answered by 9 with Forget / Keep
      'Forget',
      '/journal new Dreams',
      ':topic Dreams',
      'I could fly',
      ':topic',
      '[9]',
      'nowhere.png',
    ];
    const result = await runTry(`${session.join('\n')}\n`);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('"level":"error"');
    expect(result.stdout).toContain('(✍ on your message 1)');
    expect(result.stdout).toMatch(/3\) No mood for today[^\n]*\n[^\n]*\[1 😞\] \[2 🙁\] \[3 😐\] \[4 🙂\] \[5 😄\]/);
    expect(result.stdout).toMatch(/\(notice\) Mood for \d{4}-\d{2}-\d{2}: 🙂 4\/5/);
    expect(result.stdout).toContain('(✍ on your message 6)');
    expect(result.stdout).toMatch(/9\) Forget this entry\?[\s\S]*Morning swim[\s\S]*\[1 Forget\] \[2 Keep\]/);
    expect(result.stdout).toContain('(notice) Forgotten');
    expect(result.stdout).toContain('Started the journal "Dreams"');
    expect(result.stdout).toContain('(now writing in the topic "Dreams")');
    expect(result.stdout).toContain('(Message 3 has buttons 1 to 5.)');
    expect(result.stdout).toContain(`(No file at ${path.join(dir, 'nowhere.png')}: nothing was sent.)`);

    const db = openDatabase(path.join(dir, 'data/try.sqlite'), { key: testJournalKey() });
    try {
      const entries = await db.selectFrom('entry').select(['id', 'content', 'journal']).orderBy('id').execute();
      expect(entries.map((e) => [e.content, e.journal])).toEqual([
        ['[photo]', ''],
        ['The lake was still', ''],
        ['I could fly', 'Dreams'],
      ]);
      const media = await db.selectFrom('entry_media').select(['kind', 'state', 'width', 'height']).execute();
      expect(media).toEqual([{ kind: 'photo', state: 'kept', width: 64, height: 48 }]);
      expect(await db.selectFrom('mood').select('mood').execute()).toEqual([{ mood: 4 }]);
      const answered = await db.selectFrom('entry_prompt').select('entry_id').execute();
      expect(answered).toEqual([{ entry_id: entries[1]!.id }]);
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
