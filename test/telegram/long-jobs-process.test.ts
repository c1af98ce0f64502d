// Long work never blocks capture and is sent once, as real processes (long polling against the stand-ins):
// - a review whose model answer is held open by the Messages API stand-in until the test lets go (as a 60 s answer
//   would be, for as long as five entries take): each entry is stored and acknowledged within 2 s; the bot is
//   SIGKILLed once the review reached the Bot API stand-in (whose answer is held, so the bot never hears back) and
//   restarted: the review is not sent again;
// - /export with its upload held open the same way: entries within 2 s, SIGKILL, restart: uploaded once.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { startBot, storedMessageIds, waitForStderr, waitUntil } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS, type RunningProcess } from '../helpers/run-entry-point.ts';
import { textUpdate } from '../helpers/updates.ts';
import { startMessagesApiStandIn, type MessagesApiStandIn } from '../stand-ins/messages-api.ts';

const harness = botApiPerTest('journal-long-jobs-');
let llm: MessagesApiStandIn;
beforeEach(async () => {
  llm = await startMessagesApiStandIn();
});
afterEach(async () => {
  await llm.close();
});

const ACK_MS = 2000;

function gate() {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { until, release };
}

async function jobs(dbPath: string) {
  const db = openDatabase(dbPath);
  try {
    return await db.selectFrom('job').select(['kind', 'status', 'replied_at']).orderBy('id').execute();
  } finally {
    await db.destroy();
  }
}

/** Queues five entries one after another; each must be stored and get its ✍ within 2 s. */
async function fiveEntriesAcknowledged(dbPath: string, firstId: number, now: number) {
  const took: number[] = [];
  for (let id = firstId; id < firstId + 5; id++) {
    const t0 = performance.now();
    harness.api.queueUpdate(textUpdate(`written meanwhile ${id}`, { messageId: id, date: now }));
    await harness.api.waitFor(
      (calls) => calls.some((c) => c.method === 'setMessageReaction' && c.payload.message_id === id),
      PROCESS_WAIT_MS,
    );
    await waitUntil(async () => (await storedMessageIds(dbPath)).includes(id), PROCESS_WAIT_MS, `message ${id} stored`);
    took.push(performance.now() - t0);
  }
  expect(
    took.every((ms) => ms < ACK_MS),
    `acknowledged after ${took.map((ms) => Math.round(ms)).join(', ')} ms`,
  ).toBe(true);
}

async function sigkill(bot: RunningProcess) {
  bot.child.kill('SIGKILL');
  expect((await bot.done).signal).toBe('SIGKILL');
}

describe('long work as jobs, across SIGKILL', () => {
  it(
    'a held review and a held upload never hold capture; killed after each reached Telegram, neither is sent twice',
    async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      const env = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: llm.url };
      const now = Math.floor(Date.now() / 1000);
      const model = gate();
      llm.script({ until: model.until, then: { text: 'You wrote a lot today.' } });
      // The review as today's plain messages (rich ones: rich-replies.test.ts).
      harness.api.refuseRichMessages();
      const reviewReply = gate();
      const upload = gate();
      try {
        harness.api.queueUpdate(textUpdate('Something to review', { messageId: 1, date: now }));
        harness.api.queueUpdate(textUpdate('/review week', { messageId: 2, date: now }));
        const first = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, env });
        await waitUntil(() => llm.requests.length === 1, PROCESS_WAIT_MS, 'the review to reach the model');

        await fiveEntriesAcknowledged(dbPath, 3, now);
        expect(harness.api.callsTo('sendMessage')).toHaveLength(0);

        // Telegram gets the review; the bot never hears back before it is killed.
        harness.api.hold('sendMessage', reviewReply.until);
        model.release();
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'sendMessage'), PROCESS_WAIT_MS);
        await sigkill(first);

        harness.api.hold('sendDocument', upload.until);
        harness.api.queueUpdate(textUpdate('/export', { messageId: 8, date: now }));
        const second = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, env });
        await waitForStderr(second, '"event":"job.maybe_answered"');
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'sendDocument'), PROCESS_WAIT_MS);
        await fiveEntriesAcknowledged(dbPath, 9, now);
        await sigkill(second);

        const third = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, env });
        try {
          await waitForStderr(
            third,
            /"event":"job\.maybe_answered".*"kind":"export"|"kind":"export".*"event":"job\.maybe_answered"/,
          );
        } finally {
          third.child.kill('SIGTERM');
        }
        expect((await third.done).code).toBe(0);

        expect(harness.api.callsTo('sendMessage').map((c) => c.payload.text)).toEqual([
          expect.stringMatching(/^Review of the last 7 days .*You wrote a lot today\.$/s),
        ]);
        expect(harness.api.callsTo('sendDocument')).toHaveLength(1);
        expect(llm.requests).toHaveLength(1);
        expect((await jobs(dbPath)).map((j) => [j.kind, j.status, j.replied_at !== null])).toEqual([
          ['review', 'failed', true],
          ['export', 'failed', true],
        ]);
        expect(await storedMessageIds(dbPath)).toEqual([1, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13]);
      } finally {
        model.release();
        reviewReply.release();
        upload.release();
      }
    },
    PROCESS_TEST_MS,
  );
});
