// npm run chat as a real process: questions on stdin, answers on stdout, the same loop and SDK as the bot,
// pointed at the Messages API stand-in through ANTHROPIC_BASE_URL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import {
  lastToolResult,
  overloaded,
  startMessagesApiStandIn,
  type MessagesApiStandIn,
} from '../stand-ins/messages-api.ts';
import { aprilDayCount, ENTRIES, OWNER, seedEntries } from '../llm/ask-setup.ts';

let temp: TempDb;
let llm: MessagesApiStandIn;
let env: Record<string, string>;
beforeEach(async () => {
  temp = await createTempDb();
  await seedEntries(temp.db, OWNER, ENTRIES);
  await temp.db.destroy(); // the child process owns the file now
  llm = await startMessagesApiStandIn();
  env = { DATABASE_PATH: temp.file, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: llm.url };
});
afterEach(async () => {
  await llm.close();
  await temp.cleanup();
});

const chat = (stdin: string, args = ['--owner', String(OWNER)], extraEnv: Record<string, string> = {}) =>
  runEntryPoint('src/cli/chat.ts', args, { cwd: temp.dir, env: { ...env, ...extraEnv }, stdin });

describe('npm run chat', { timeout: PROCESS_TEST_MS }, () => {
  it('answers each line, continues the conversation, and prints the trace', async () => {
    llm.script(...aprilDayCount(), (req) => ({ text: `Follow-up with ${req.body.messages.length} messages.` }));
    const result = await chat('@journal how many days did I write in April?\n\nand the busiest day?\n/trace\n');

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^You wrote on 3 days in April\.\n\nFollow-up with 7 messages\.\n\nLast answer: /);
    expect(result.stdout).toContain('1 API call (end_turn).\nNo operations were called.\nTokens: '); // the follow-up is the last answer
    expect(result.stderr).toContain(`Journal of ${OWNER}`);
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer test-key');
    expect(llm.requests[0]!.body.model).toBe('claude-sonnet-5-5');
  });

  it('/new starts fresh; ANTHROPIC_MODEL picks the model', async () => {
    llm.script({ text: 'one' }, { text: 'two' });
    const result = await chat('@journal first\n/new\n@journal second\n', undefined, {
      ANTHROPIC_MODEL: 'claude-haiku-5-5',
    });
    expect(result.stdout).toBe('one\n\n(A new conversation.)\n\ntwo\n\n');
    expect(llm.requests[1]!.body.messages).toHaveLength(1);
    expect(llm.requests.map((r) => r.body.model)).toEqual(['claude-haiku-5-5', 'claude-haiku-5-5']);
  });

  it('piped, exits 1 when a question stayed unanswered', async () => {
    llm.script(overloaded, overloaded, overloaded);
    const result = await chat('@journal how many days did I write in April?\n');
    expect(result.stdout).toBe(
      'The model is overloaded right now. Your question is kept: retry in a moment. Type /retry to ask again.\n\n',
    );
    expect(result.stderr).toMatch(/1 question stayed unanswered\.\n$/);
    expect(result.code).toBe(1);
  });

  it('an overloaded API prints a clear message, and /retry asks the kept question again', async () => {
    llm.script(overloaded, overloaded, overloaded, ...aprilDayCount());
    const result = await chat('@journal how many days did I write in April?\n/retry\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'The model is overloaded right now. Your question is kept: retry in a moment. Type /retry to ask again.\n\nYou wrote on 3 days in April.\n\n',
    );
    expect(lastToolResult(llm.requests.at(-1)!)).toEqual({ value: 3 });
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('without ANTHROPIC_API_KEY, or with a bad --owner, exits 1 with one clear line and no stack trace', async () => {
    const noKey = await chat('', undefined, { ANTHROPIC_API_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/^ANTHROPIC_API_KEY is not set\./);
    const badOwner = await chat('', ['--owner', 'me']);
    expect(badOwner.code).toBe(1);
    expect(badOwner.stderr.trim()).toBe('--owner must be a Telegram user id (digits), got "me".');
    expect(llm.requests).toHaveLength(0);
  });
});
