// Claims shared by several instances, each on its own connection to one database (SQLite, PGlite, and the real
// PostgreSQL server when TEST_DATABASE_URL is set): a job goes to one instance, a chat's jobs run one at a time in
// order, a dead holder's job is taken over after its lease, only the holder may begin an answer or end the job, and a
// day's digest is claimed once per owner whoever asks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDigestStore } from '../../src/daily/digest-store.ts';
import { createJobStore } from '../../src/db/job-store.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

let temp: TempDb;
let connections: JournalDb[];
beforeEach(async () => {
  temp = await createTempDb();
  connections = [temp.db, temp.openAnother(), temp.openAnother()];
});
afterEach(async () => {
  for (const db of connections.slice(1)) await db.destroy();
  await temp.cleanup();
});

const T0 = new Date('2026-12-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

async function queue(chats: number, perChat: number) {
  const store = createJobStore(temp.db);
  let updateId = 1;
  for (let i = 0; i < perChat; i++) {
    for (let chat = 1; chat <= chats; chat++)
      await store.add({ updateId: updateId++, kind: 'question', ownerId: chat, chatId: chat, payload: '{}' }, T0);
  }
}

describeStores('work leases', () => {
  describe('job claims across instances', () => {
    it('every job is claimed by exactly one instance; a chat has one running job at a time, in order', async () => {
      await queue(6, 5);
      const stores = connections.map((db) => createJobStore(db));
      const claims: { holder: number; id: number; chat: number }[] = [];
      // Three instances claim and finish as fast as they can, interleaved.
      await Promise.all(
        stores.map(async (store, holder) => {
          for (;;) {
            const job = await store.claimNext(`host:${holder}`, T0, at(30_000));
            if (!job) {
              if ((await temp.db.selectFrom('job').select('id').where('status', '!=', 'done').execute()).length === 0)
                return;
              await new Promise((r) => setTimeout(r, 1));
              continue;
            }
            const running = await temp.db
              .selectFrom('job')
              .select('id')
              .where('chat_id', '=', job.chatId)
              .where('status', '=', 'running')
              .execute();
            expect(running.map((r) => r.id)).toEqual([job.id]);
            claims.push({ holder, id: job.id, chat: job.chatId });
            await new Promise((r) => setTimeout(r, 1));
            await store.finish(job.id, `host:${holder}`, 'done', null, T0);
          }
        }),
      );
      expect(claims.map((c) => c.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      for (let chat = 1; chat <= 6; chat++) {
        const ids = claims.filter((c) => c.chat === chat).map((c) => c.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      }
      expect(new Set(claims.map((c) => c.holder)).size).toBeGreaterThan(1);
    });

    it('a running job is taken over only after its lease ran out, started once more; then only the new holder may answer', async () => {
      await queue(1, 1);
      const [a, b] = connections.map((db) => createJobStore(db));
      const first = await a!.claimNext('host:a', T0, at(30_000));
      expect(first).toMatchObject({ id: 1, status: 'running', starts: 1 });
      expect(await b!.claimNext('host:b', at(29_000), at(59_000))).toBeUndefined();

      const taken = await b!.claimNext('host:b', at(31_000), at(61_000));
      expect(taken).toMatchObject({ id: 1, status: 'running', starts: 2, repliedAt: null });
      expect(await a!.claimReply(1, 'host:a', at(31_500))).toBe(false); // A lost it: it must not answer
      expect(await a!.renew('host:a', at(40_000))).toEqual([]);
      expect(await a!.finish(1, 'host:a', 'failed', 'late', at(31_500))).toBe(false); // nor end it
      expect(await b!.claimReply(1, 'host:b', at(31_500))).toBe(true);
      expect(await b!.claimReply(1, 'host:b', at(31_600))).toBe(false); // marked once

      // Taken over again after B died mid-answer: it comes back marked, so the runner does not answer again.
      expect(await a!.claimNext('host:a', at(70_000), at(100_000))).toMatchObject({
        id: 1,
        starts: 3,
        repliedAt: at(31_500).toISOString(),
      });
    });

    it("a restart under the same name takes its running jobs back at once, another instance's it leaves alone", async () => {
      await queue(2, 1);
      const [a, b] = connections.map((db) => createJobStore(db));
      await a!.claimNext('host:a', T0, at(30_000));
      await b!.claimNext('host:b', T0, at(30_000));
      await a!.releaseAll('host:a');
      expect(await a!.claimNext('host:a', at(1000), at(31_000))).toMatchObject({ id: 1, starts: 2 });
      expect(await a!.claimNext('host:a', at(1000), at(31_000))).toBeUndefined(); // job 2 is B's, alive
    });
  });

  describe('digests across instances', () => {
    it("an owner's digest for a day is claimed once, whichever instances ask", async () => {
      const stores = connections.map((db) => createDigestStore(db));
      const wins = await Promise.all(
        stores.flatMap((store) => [store.claim(111, '2026-12-01', T0, 3), store.claim(111, '2026-12-01', T0, 3)]),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
      // A refused send may be tried again: again by one instance only.
      await stores[0]!.finish(111, '2026-12-01', { status: 'failed', detail: 'refused' }, T0);
      const retries = await Promise.all(stores.map((store) => store.claim(111, '2026-12-01', at(60_000), 3)));
      expect(retries.filter(Boolean)).toHaveLength(1);
    });
  });
});
