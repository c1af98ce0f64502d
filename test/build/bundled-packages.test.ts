// The compiled build inlines the pure-JavaScript packages into dist/ and loads some code only when used (the stats
// picture, the web view): this runs each of them from the bundles, as a deployment does, so a package that cannot
// be bundled, or a chunk that does not load, fails here rather than in a user's chat. `node dist/main.js` answers a
// question through the Anthropic SDK (Messages API stand-in), sends a /stats picture (resvg and the font files, a
// lazily loaded chunk) and serves the Mini App (its initData checker, another); `node dist/cli/mcp.js` lists its
// tools to the official MCP client; `node dist/cli/journal.js` prints its help and calls a method.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { freePort, PROCESS_TOKEN, waitForStderr } from '../helpers/bot-process.ts';
import {
  PROCESS_TEST_MS,
  PROCESS_WAIT_MS,
  REPO_ROOT,
  startRecorded,
  type RunningProcess,
} from '../helpers/run-entry-point.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';

const harness = botApiPerTest('journal-bundled-');
let messages: MessagesApiStandIn;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  messages = await startMessagesApiStandIn();
}, PROCESS_TEST_MS);
afterAll(() => messages.close());

/** A bundle under plain node, from a temp folder (no .env of the developer's), with only what the test gives. */
function runBundle(bundle: string, args: string[], env: Record<string, string>): RunningProcess {
  return startRecorded([process.execPath, path.join(REPO_ROOT, 'dist', bundle), ...args], {
    cwd: harness.dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      JOURNAL_TIMEZONE: 'UTC',
      ALLOWED_USER_IDS: String(OWNER_ID),
      ...env,
    },
  });
}

describe('the bundles, packages inlined', { timeout: PROCESS_TEST_MS }, () => {
  it('node dist/main.js: stores an entry, answers a question, sends /stats, serves the Mini App; then the CLI and MCP read it', async () => {
    const dbPath = path.join(harness.dir, 'journal.sqlite');
    const port = await freePort();
    const bot = runBundle('main.js', [], {
      TELEGRAM_BOT_TOKEN: PROCESS_TOKEN,
      TELEGRAM_API_ROOT: harness.api.url,
      DATABASE_PATH: dbPath,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: messages.url,
      MINI_APP_URL: 'https://journal.example.com/',
      WEB_PORT: String(port),
    });
    try {
      await waitForStderr(bot, '"event":"bot.started"');
      harness.api.queueUpdate({ update_id: 1, ...textUpdate('Walked to the lake', { messageId: 1 }) });
      await harness.api.waitFor((calls) => calls.some((c) => c.method === 'setMessageReaction'), PROCESS_WAIT_MS);

      messages.script({ text: 'You walked to the lake.' });
      harness.api.queueUpdate({ update_id: 2, ...textUpdate('@journal where did I walk?', { messageId: 2 }) });
      const answered = (calls: typeof harness.api.calls) =>
        calls.some((c) => JSON.stringify(c.payload).includes('You walked to the lake.'));
      await harness.api.waitFor(answered, PROCESS_WAIT_MS);
      expect(messages.requests).toHaveLength(1);

      harness.api.queueUpdate({ update_id: 3, ...textUpdate('/stats 2024', { messageId: 3 }) });
      await harness.api.waitFor((calls) => calls.some((c) => c.method === 'sendPhoto'), PROCESS_WAIT_MS);

      const initData = sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, PROCESS_TOKEN, new Date());
      const page = await fetch(`http://127.0.0.1:${port}/search?q=lake`, {
        headers: { authorization: `tma ${initData}` },
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Walked to the <mark>lake</mark>'); // a search result: an excerpt, the match marked
    } finally {
      bot.child.kill('SIGTERM');
    }
    const stopped = await bot.done;
    expect(stopped.code, stopped.stderr).toBe(0);
    // Bundled code is not in node_modules, so node warns about what packages use there (punycode on Node 22+).
    expect(stopped.stderr).not.toMatch(/DeprecationWarning/);

    const help = await runBundle('cli/journal.js', ['--help'], {}).done;
    expect(help.stdout).toMatch(/^Usage: npm run -s journal/);
    const count = await runBundle('cli/journal.js', ['invoke', 'journal', 'getTotalEntryCount'], {
      DATABASE_PATH: dbPath,
    }).done;
    expect(count.stderr).toBe('');
    expect(JSON.parse(count.stdout)).toEqual({ type: 'value', value: 1 });

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'dist/cli/mcp.js')],
      cwd: harness.dir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_PATH: dbPath,
        ALLOWED_USER_IDS: String(OWNER_ID),
        JOURNAL_TIMEZONE: 'UTC',
      },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'bundled-build-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('invokeMethod');
      const result = await client.callTool({
        name: 'invokeMethod',
        arguments: { objId: 'journal', methodName: 'getTotalEntryCount' },
      });
      expect(result.isError).toBeFalsy();
      const content = result.content as { type: string; text?: string }[];
      expect(content.map((c) => c.type)).toEqual(['text']);
      expect(JSON.parse(content[0]!.text!)).toEqual({ value: 1 });
    } finally {
      await client.close();
    }
  });
});
