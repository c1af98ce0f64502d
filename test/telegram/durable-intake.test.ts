// Nothing a user writes is lost: the real bot is SIGKILLed in the middle of a burst and restarted; every message is
// in the journal exactly once. Telegram's side is the stand-in, which (like Telegram) forgets confirmed updates.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { startBot, storedMessageIds, waitUntil } from '../helpers/bot-process.ts';
import { textUpdate } from '../helpers/updates.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS } from '../helpers/run-entry-point.ts';

/** Messages in the burst; `npm run bench`-style runs of 1,000 are in scripts/burst.ts. */
const BURST = Number(process.env.BURST_SIZE ?? 300);

const harness = botApiPerTest('journal-burst-');

describe('durable intake (long polling)', () => {
  it(
    `SIGKILL once a third of ${BURST} messages are acknowledged, restart: every message stored exactly once`,
    async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      for (let i = 1; i <= BURST; i++) harness.api.queueUpdate(textUpdate(`burst message ${i}`, { messageId: i }));

      const first = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url });
      await harness.api.waitFor(
        (calls) => calls.filter((c) => c.method === 'setMessageReaction').length >= BURST / 3,
        PROCESS_WAIT_MS,
      );
      first.child.kill('SIGKILL');
      const killed = await first.done;
      expect(killed.signal).toBe('SIGKILL');
      const before = await storedMessageIds(dbPath);
      expect(before.length).toBeLessThan(BURST); // the kill really came mid-burst

      const second = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url });
      try {
        await waitUntil(
          async () => (await storedMessageIds(dbPath)).length >= BURST,
          PROCESS_WAIT_MS,
          `${BURST} entries`,
        );
      } finally {
        second.child.kill('SIGTERM');
      }
      expect((await second.done).code).toBe(0);
      const ids = await storedMessageIds(dbPath);
      expect(ids).toEqual(Array.from({ length: BURST }, (_, i) => i + 1));
    },
    PROCESS_TEST_MS,
  );
});
