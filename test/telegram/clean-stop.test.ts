// A clean stop with a question in flight, as a real process: SIGTERM while the Messages API stand-in holds the
// question open exits 0, leaves no conversation pending, and the next start asks the question again and answers it.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';
import { startBot, waitUntil } from '../helpers/bot-process.ts';
import { textUpdate } from '../helpers/updates.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS } from '../helpers/run-entry-point.ts';

const harness = botApiPerTest('journal-stop-');
let llm: MessagesApiStandIn;
beforeEach(async () => {
  llm = await startMessagesApiStandIn();
});
afterEach(async () => {
  await llm.close();
});

async function statuses(dbPath: string) {
  const db = openDatabase(dbPath);
  try {
    const conversations = await db.selectFrom('conversation').select('status').execute();
    const jobs = await db.selectFrom('job').select('status').execute();
    return { conversations: conversations.map((r) => r.status), jobs: jobs.map((r) => r.status) };
  } finally {
    await db.destroy();
  }
}

describe('SIGTERM with a question in flight', () => {
  it(
    'exits 0 at once, leaves nothing pending, and the next start answers the question',
    async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      const env = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: llm.url };
      llm.script(
        { until: new Promise(() => undefined), then: { text: 'never sent' } },
        { text: 'Answered after the restart.' },
      );
      harness.api.queueUpdate(textUpdate('@journal what did I write in May?', { messageId: 5 }));

      const first = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, env });
      await waitUntil(() => llm.requests.length === 1, PROCESS_WAIT_MS, 'the question to reach the model');
      first.child.kill('SIGTERM');
      const stopped = await first.done;
      expect(stopped.code).toBe(0);
      expect(stopped.stderr).toContain('"event":"bot.stopped"');
      expect(await statuses(dbPath)).toEqual({ conversations: ['failed'], jobs: ['running'] });

      const second = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, env });
      try {
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'sendMessage'), PROCESS_WAIT_MS);
      } finally {
        second.child.kill('SIGTERM');
      }
      expect((await second.done).code).toBe(0);
      expect(
        harness.api.callsTo('sendMessage').map((c) => [c.payload.text, c.payload.reply_parameters?.message_id]),
      ).toEqual([['Answered after the restart.', 5]]);
      const after = await statuses(dbPath);
      expect(after.jobs).toEqual(['done']);
      expect(after.conversations).not.toContain('pending');
      expect(after.conversations).toContain('answered');
    },
    PROCESS_TEST_MS,
  );
});
