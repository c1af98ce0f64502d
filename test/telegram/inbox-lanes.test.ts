// Two inboxes (two instances) on one SQLite file, each with its own connection: a chat is handled by one instance at
// a time, in order, whichever instance stored its updates; a lane whose holder stops renewing is taken over.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { createInboxStore } from '../../src/db/inbox-store.ts';
import { storageFailure } from '../../src/db/storage-failure.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { createUpdateInbox, type UpdateInbox } from '../../src/telegram/intake/update-inbox.ts';
import { leaseTimings, type LeaseTimings } from '../../src/telegram/leases.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { waitUntil } from '../helpers/bot-process.ts';
import { textUpdate } from '../helpers/updates.ts';

let temp: TempDb;
const connections: JournalDb[] = [];
const inboxes: UpdateInbox[] = [];
/** Notices the inboxes sent; none is expected here (no update fails). */
const notices: { chatId: number; text: string }[] = [];
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(async () => {
  for (const inbox of inboxes.splice(0)) await inbox.stop(1000);
  for (const db of connections.splice(0)) await db.destroy();
  expect(notices.splice(0)).toEqual([]);
  await temp.cleanup();
});

interface Handled {
  holder: string;
  chat: number;
  updateId: number;
  start: number;
  end: number;
}

/** An instance: its own connection to the file, its own name, and a handler that takes `handleMs` per update. */
function instance(
  holder: string,
  handled: Handled[],
  options: { handleMs?: number; leases?: LeaseTimings; hang?: (u: Update) => boolean; onStart?: () => void } = {},
) {
  const db = openDatabase(temp.file);
  connections.push(db);
  const inbox = createUpdateInbox({
    store: createInboxStore(db),
    holder,
    leases: options.leases ?? leaseTimings(2000),
    logger: createMemoryLogger(),
    notify: async (chatId, text) => void notices.push({ chatId, text }),
    storageFailure,
    owners: [7, 100, 101, 102, 103, 104],
    clock: () => new Date(),
    async handle(update) {
      if (options.hang?.(update)) return new Promise<void>(() => undefined); // its instance is as good as dead
      const start = performance.now();
      options.onStart?.();
      await new Promise((r) => setTimeout(r, options.handleMs ?? 3));
      handled.push({
        holder,
        chat: update.message!.chat.id,
        updateId: update.update_id,
        start,
        end: performance.now(),
      });
    },
  });
  inboxes.push(inbox);
  return inbox;
}

const update = (updateId: number, chat: number) =>
  ({ update_id: updateId, ...textUpdate(`m${updateId}`, { from: chat, messageId: updateId }) }) as unknown as Update;

describe('inbox lanes shared by two instances', () => {
  it('each chat is handled by one instance at a time, in the order its updates were stored, each update once', async () => {
    const handled: Handled[] = [];
    const a = instance('host:a', handled);
    const b = instance('host:b', handled);
    await a.start();
    await b.start();
    // Five chats; consecutive updates of a chat go to different instances, several at once.
    const updates = Array.from({ length: 100 }, (_, i) => update(i + 1, 100 + (i % 5)));
    await Promise.all(updates.map((u, i) => (i % 2 === 0 ? a : b).accept([u])));
    await waitUntil(() => handled.length >= 100, 20_000, 'every update handled');
    await Promise.all([a.idle(), b.idle()]);

    expect(handled.map((h) => h.updateId).sort((x, y) => x - y)).toEqual(updates.map((u) => u.update_id));
    for (let chat = 100; chat < 105; chat++) {
      const mine = handled.filter((h) => h.chat === chat);
      expect(mine.map((h) => h.updateId)).toEqual([...mine.map((h) => h.updateId)].sort((x, y) => x - y));
      // Never two at once: each starts after the one before it ended.
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.start).toBeGreaterThanOrEqual(mine[i - 1]!.end);
    }
    expect(new Set(handled.map((h) => h.holder))).toEqual(new Set(['host:a', 'host:b'])); // both did work
  });

  it('a lane whose holder stopped renewing is taken over once its lease ran out, and the chat handled in order', async () => {
    const handled: Handled[] = [];
    // A claims chat 7 and hangs on its first update without renewing (a dead instance).
    const dead = instance('host:dead', handled, {
      leases: { leaseMs: 300, renewEveryMs: 3_600_000, sweepEveryMs: 3_600_000 },
      hang: () => true,
    });
    const alive = instance('host:alive', handled, { leases: { leaseMs: 300, renewEveryMs: 100, sweepEveryMs: 100 } });
    await dead.start();
    await dead.accept([update(1, 7)]);
    await alive.start();
    await alive.accept([update(2, 7), update(3, 7)]);
    await new Promise((r) => setTimeout(r, 50));
    expect(handled).toEqual([]); // the dead instance still holds chat 7

    await waitUntil(() => handled.length >= 3, 5_000, 'the chat taken over');
    expect(handled.map((h) => [h.holder, h.updateId])).toEqual([
      ['host:alive', 1],
      ['host:alive', 2],
      ['host:alive', 3],
    ]);
  });

  it('a stopped instance finishes the update in hand and lets its chat go at once, long before its lease would run out', async () => {
    const handled: Handled[] = [];
    // A 60 s lease, looked at every 50 ms: only a release lets the other instance in within the test's 10 s.
    const long = { leaseMs: 60_000, renewEveryMs: 20_000, sweepEveryMs: 50 };
    let inHand!: () => void;
    const started = new Promise<void>((resolve) => (inHand = resolve));
    const a = instance('host:a', handled, { leases: long, handleMs: 300, onStart: () => inHand() });
    await a.start();
    await a.accept([update(1, 7), update(2, 7), update(3, 7)]);
    await started;
    const b = instance('host:b', handled, { leases: long });
    await b.start();

    expect(await a.stop(5_000)).toBe(true);
    expect(handled.map((h) => [h.holder, h.updateId])).toEqual([['host:a', 1]]); // the update in hand finished, no more
    await waitUntil(() => handled.length >= 3, 10_000, 'chat 7 taken over');
    expect(handled.map((h) => [h.holder, h.updateId])).toEqual([
      ['host:a', 1],
      ['host:b', 2],
      ['host:b', 3],
    ]);
  });
});
