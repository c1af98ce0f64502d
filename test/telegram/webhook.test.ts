// Webhook mode as a real process: the Bot API stand-in posts updates to the bot's server like Telegram does. A wrong
// or missing secret gets 401 and nothing is stored; a SIGKILL in the middle of a burst loses nothing and doubles nothing.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { freePort, startBot, storedMessageIds, waitUntil } from '../helpers/bot-process.ts';
import { textUpdate } from '../helpers/updates.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS } from '../helpers/run-entry-point.ts';

const SECRET = 'webhook-secret_0123456789';
const PUBLIC_URL = 'https://bot.example.com/tg';
const BURST = Number(process.env.BURST_SIZE ?? 300);

const harness = botApiPerTest('journal-webhook-');

async function inboxCount(dbPath: string): Promise<number> {
  const db = openDatabase(dbPath);
  try {
    return (await db.selectFrom('update_inbox').select('update_id').execute()).length;
  } finally {
    await db.destroy();
  }
}

const post = (url: string, body: unknown, secret?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) },
    body: JSON.stringify(body),
  });

describe('webhook mode', () => {
  it(
    'registers the webhook with its secret, rejects a wrong or missing secret with 401 storing nothing, and stores a right one',
    async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      const port = await freePort();
      const bot = startBot({
        cwd: harness.dir,
        dbPath,
        apiRoot: harness.api.url,
        env: { TELEGRAM_WEBHOOK_URL: PUBLIC_URL, TELEGRAM_WEBHOOK_SECRET: SECRET, PORT: String(port) },
      });
      const local = `http://127.0.0.1:${port}/tg`;
      try {
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'setWebhook'), PROCESS_WAIT_MS);
        expect(harness.api.webhook()).toEqual({ url: PUBLIC_URL, secretToken: SECRET });
        expect(harness.api.callsTo('setWebhook')[0]!.payload.allowed_updates).toContain('stopped_message_generation');

        expect(
          (await post(local, { update_id: 1, ...textUpdate('forged', { messageId: 1 }) }, 'wrong-secret')).status,
        ).toBe(401);
        expect((await post(local, { update_id: 2, ...textUpdate('forged', { messageId: 2 }) })).status).toBe(401);
        expect(await inboxCount(dbPath)).toBe(0);
        expect((await post(local, { not: 'an update' }, SECRET)).status).toBe(400);
        expect((await fetch(local)).status).toBe(405);
        expect((await post(`http://127.0.0.1:${port}/elsewhere`, { update_id: 3 }, SECRET)).status).toBe(404);

        expect(
          (await post(local, { update_id: 4, ...textUpdate('sent by Telegram', { messageId: 4 }) }, SECRET)).status,
        ).toBe(200);
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'setMessageReaction'), PROCESS_WAIT_MS);
        expect(await storedMessageIds(dbPath)).toEqual([4]);
      } finally {
        bot.child.kill('SIGTERM');
      }
      const result = await bot.done;
      expect(result.code).toBe(0);
      expect(harness.api.callsTo('getUpdates')).toHaveLength(0);
      expect(harness.api.callsTo('deleteWebhook')).toHaveLength(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    `SIGKILL once a third of ${BURST} posted messages are acknowledged, restart: every message stored exactly once`,
    async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      const port = await freePort();
      const env = { TELEGRAM_WEBHOOK_URL: PUBLIC_URL, TELEGRAM_WEBHOOK_SECRET: SECRET, PORT: String(port) };
      for (let i = 1; i <= BURST; i++) harness.api.queueUpdate(textUpdate(`posted message ${i}`, { messageId: i }));
      harness.api.deliverWebhooksTo(`http://127.0.0.1:${port}/tg`);

      const first = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, env });
      await harness.api.waitFor(
        (calls) => calls.filter((c) => c.method === 'setMessageReaction').length >= BURST / 3,
        PROCESS_WAIT_MS,
      );
      first.child.kill('SIGKILL');
      expect((await first.done).signal).toBe('SIGKILL');
      expect((await storedMessageIds(dbPath)).length).toBeLessThan(BURST);

      const second = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url, env });
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
      expect(await storedMessageIds(dbPath)).toEqual(Array.from({ length: BURST }, (_, i) => i + 1));
    },
    PROCESS_TEST_MS,
  );
});
