// npm run chat in a real terminal: run under util-linux `script`, which gives it a pseudo-terminal, so stdout is a
// TTY as for a person typing. The Messages API stand-in holds its streamed answer open part-way: the text so far is on
// the screen before the answer is finished, then it is erased and the finished answer printed once.
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryPointArgs, PROCESS_TEST_MS, PROCESS_WAIT_MS } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';
import { ENTRIES, OWNER, seedEntries } from '../llm/ask-setup.ts';

const hasScript = spawnSync('script', ['--version']).status === 0;
const ANSWER = 'You wrote on three days in April, the busiest the 2nd.';

let temp: TempDb;
let llm: MessagesApiStandIn;
beforeEach(async () => {
  temp = await createTempDb();
  await seedEntries(temp.db, OWNER, ENTRIES);
  await temp.db.destroy();
  llm = await startMessagesApiStandIn();
});
afterEach(async () => {
  await llm.close();
  await temp.cleanup();
});

/** Resolves once `read()` satisfies `seen`; the deadline only bounds a hang. */
async function until(read: () => string, seen: (text: string) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + PROCESS_WAIT_MS;
  while (!seen(read())) {
    if (Date.now() > deadline)
      throw new Error(
        `the terminal never showed ${what}; it shows:\n${JSON.stringify(read())}; requests: ${llm.requests.length}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!hasScript)('npm run chat in a terminal', { timeout: PROCESS_TEST_MS }, () => {
  it('shows the answer as it is written, then leaves the finished answer on screen once', async () => {
    let release!: () => void;
    llm.script({
      holdAfterChars: 20,
      until: new Promise<void>((resolve) => (release = resolve)),
      then: { text: ANSWER },
    });
    const command = [process.execPath, ...entryPointArgs('src/cli/chat.ts'), '--owner', String(OWNER)]
      .map((part) => `'${part}'`)
      .join(' ');
    // A terminal of a size, as a person's is (a pseudo-terminal under a pipe starts at 0 × 0).
    const child = spawn('script', ['-qfec', `stty cols 100 rows 40 && exec ${command}`, '/dev/null'], {
      cwd: temp.dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        JOURNAL_TIMEZONE: 'UTC',
        DATABASE_PATH: temp.file,
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: llm.url,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.on('data', (d) => (screen += d));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      await until(
        () => screen,
        (s) => s.includes('Journal of'),
        'the greeting',
      );
      child.stdin.write('@journal how many days did I write in April?\n');
      // The stand-in has sent the words within its first 20 characters and holds the HTTP answer open: on screen already.
      await until(
        () => screen,
        (s) => s.includes('You wrote on'),
        'the text so far',
      );
      expect(screen).not.toContain(ANSWER);
      const beforeRelease = screen.length;
      release();
      await until(
        () => screen,
        (s) => s.includes(`${ANSWER}\r\n\r\n`),
        'the finished answer',
      );
      // What was drawn while streaming was erased (erase-line) before the answer was printed for good.
      expect(screen.slice(beforeRelease)).toContain('\u001b[2K');
      child.stdin.write('/quit\n');
      const code = await Promise.race([closed, new Promise((r) => setTimeout(() => r('hung'), 10_000))]);
      expect(code, JSON.stringify(screen.slice(-400))).toBe(0);
      // A terminal keeps one finished copy: after the last erase, the answer appears exactly once.
      const afterLastErase = screen.slice(screen.lastIndexOf('\u001b[2K'));
      expect(afterLastErase.split(ANSWER)).toHaveLength(2);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe.skipIf(hasScript)('npm run chat in a terminal (skipped)', () => {
  it.skip('util-linux `script` is not installed: it provides the pseudo-terminal this test needs (apt-get install bsdutils)', () =>
    undefined);
});
