// The update inbox under faults, in one process on the real app: a full database (a real SQLITE_FULL, from the
// connection's max_page_count) keeps the update pending and retries it with back-off, the chat's later updates in
// order behind it, one notice; a malformed update is parked and listed by `npm run journal -- inbox`; an update_id
// is a duplicate only within the dedupe window; handled updates keep no text, strangers' never had any, and the
// planted text is gone from the file's and the -wal's bytes after a prune; owners' chats never wait behind strangers'.
import { readFileSync, existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { RETRY_NOTICE, PARKED_NOTICE } from '../../src/telegram/intake/update-inbox.ts';
import { strangerLine } from '../../src/telegram/features/access.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeStores } from '../helpers/stores.ts';
import { waitUntil } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { mediaUpdate, OWNER_ID, STRANGER_ID, textUpdate } from '../helpers/updates.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sentTexts = (app: TestApp, chatId: number) =>
  app.api
    .callsTo('sendMessage')
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));
const entryTexts = async (app: TestApp) =>
  (await app.temp.db.selectFrom('entry').select('content').orderBy('id').execute()).map((r) => r.content);

/** Fills the database up to the connection's page limit, so the next entry fails with SQLITE_FULL. */
async function fillTheDisk(app: TestApp): Promise<void> {
  const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(app.temp.db);
  await sql.raw(`PRAGMA max_page_count = ${Number(rows[0]?.page_count) + 8}`).execute(app.temp.db);
  await sql`CREATE TABLE filler (b blob)`.execute(app.temp.db);
  // Big blobs, then smaller ones into what is left: no page keeps room for an entry.
  for (const size of [2000, 400, 50]) {
    for (;;) {
      try {
        await sql`INSERT INTO filler VALUES (randomblob(${size}))`.execute(app.temp.db);
      } catch (error) {
        expect((error as { code?: string }).code).toBe('SQLITE_FULL');
        break;
      }
    }
  }
}

async function freeTheDisk(app: TestApp): Promise<void> {
  await sql`DROP TABLE filler`.execute(app.temp.db);
  await sql`PRAGMA max_page_count = 1073741823`.execute(app.temp.db);
}

describe('a store failure: the update is retried, never dropped', () => {
  it('disk full: the chat is told once, its updates wait in order with a doubling back-off, other chats go on, all stored once space is back', async () => {
    t = await createTestApp({}, () => new Date());
    const app = t;
    // Stored while the app is stopped, then handled on a full disk (as after a restart).
    await app.app.stop(1000);
    const long = (n: number) => `message ${n} ${'x'.repeat(3000)}`;
    for (let i = 1; i <= 3; i++) await app.deliver(textUpdate(long(i), { messageId: i }));
    await app.deliver(textUpdate('let me in', { from: STRANGER_ID, messageId: 50 }));
    await fillTheDisk(app);
    await app.app.start();

    // The stranger's chat goes on while the owner's waits.
    await waitUntil(() => sentTexts(app, STRANGER_ID).length === 1, 10_000, "the stranger's answer");
    expect(sentTexts(app, STRANGER_ID)).toEqual([strangerLine(STRANGER_ID)]);
    await waitUntil(
      () => app.logger.lines.filter((l) => l.includes('inbox.retry_later')).length >= 3,
      15_000,
      'three tries of the first update',
    );
    const tries = app.logger.lines
      .filter((l) => l.includes('inbox.retry_later'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(tries.slice(0, 3).map((r) => [r.attempt, r.retry_in_ms, r.cause, r.code])).toEqual([
      [1, 1000, 'disk full', 'SQLITE_FULL'],
      [2, 2000, 'disk full', 'SQLITE_FULL'],
      [3, 4000, 'disk full', 'SQLITE_FULL'],
    ]);
    // Always the first update: the later ones wait behind it.
    expect(new Set(tries.map((r) => r.update_id)).size).toBe(1);
    expect(sentTexts(app, OWNER_ID)).toEqual([RETRY_NOTICE]);
    expect(app.logger.lines.some((l) => l.includes('update.failed'))).toBe(false); // no apology path
    // What fitted before the disk filled up is stored and acknowledged; the rest is pending, none dropped.
    const storedSoFar = (await entryTexts(app)).length;
    expect(storedSoFar).toBeLessThan(3);
    expect(app.api.callsTo('setMessageReaction')).toHaveLength(storedSoFar);
    const pending = await app.temp.db
      .selectFrom('update_inbox')
      .select(['status'])
      .where('chat_key', '=', `chat:${OWNER_ID}`)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(3 - storedSoFar);

    await freeTheDisk(app);
    await waitUntil(async () => (await entryTexts(app)).length === 3, 15_000, 'the three entries');
    expect(await entryTexts(app)).toEqual([long(1), long(2), long(3)]);
    await app.app.idle();
    expect(app.api.callsTo('setMessageReaction')).toHaveLength(3);
    expect(sentTexts(app, OWNER_ID)).toEqual([RETRY_NOTICE]); // one notice for the whole incident
    const rows = await app.temp.db.selectFrom('update_inbox').select(['status', 'payload']).execute();
    expect(rows.every((r) => r.status === 'done' && r.payload === null)).toBe(true);
  }, 40_000);

  it(
    'a malformed update is parked with its raw update and reason, owners told once, the chat goes on; journal inbox lists it, inbox retry replays it',
    async () => {
      t = await createTestApp({}, () => new Date());
      const app = t;
      const broken = await app.deliver({
        message: {
          message_id: 7,
          date: 1717243200,
          from: { id: OWNER_ID, is_bot: false, first_name: 'Owner' },
          text: 'no chat here',
        },
      });
      const broken2 = await app.deliver({
        message: {
          message_id: 8,
          date: 'yesterday',
          chat: { id: OWNER_ID, type: 'private' },
          from: { id: OWNER_ID },
          text: 'bad date',
        },
      });
      await app.send(textUpdate('this one is kept', { messageId: 9 }));
      await app.app.idle();
      expect(await entryTexts(app)).toEqual(['this one is kept']);
      const parked = await app.temp.db
        .selectFrom('update_inbox')
        .select(['update_id', 'status', 'payload', 'last_error'])
        .where('status', '=', 'parked')
        .orderBy('seq')
        .execute();
      expect(parked.map((r) => [Number(r.update_id), r.last_error])).toEqual([
        [broken, 'message.chat: Invalid input: expected object, received undefined'],
        [broken2, 'message.date: Invalid input: expected number, received string'],
      ]);
      expect(parked[0]?.payload).toContain('no chat here'); // kept for the operator
      expect(app.logger.lines.filter((l) => l.includes('inbox.parked'))).toHaveLength(2);
      expect(sentTexts(app, OWNER_ID)).toEqual([PARKED_NOTICE]);
      await app.app.stop(1000);

      const env = { DATABASE_PATH: app.temp.file, ALLOWED_USER_IDS: String(OWNER_ID) };
      const listed = await runEntryPoint('src/cli/journal.ts', ['inbox'], { cwd: app.temp.dir, env });
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`update ${broken}  user:${OWNER_ID}  received`);
      expect(listed.stdout).toContain(`update ${broken2}  chat:${OWNER_ID}  received`);
      expect(listed.stdout).toContain('parked: message.date: Invalid input');
      const replayed = await runEntryPoint('src/cli/journal.ts', ['inbox', 'retry'], { cwd: app.temp.dir, env });
      expect(replayed.stdout).toContain('2 updates will be tried again');
      const after = await app.temp.db
        .selectFrom('update_inbox')
        .select('status')
        .where('update_id', 'in', [broken, broken2])
        .execute();
      expect(after.map((r) => r.status)).toEqual(['pending', 'pending']);
      const empty = await runEntryPoint('src/cli/journal.ts', ['inbox'], { cwd: app.temp.dir, env });
      expect(empty.stdout.trim()).toBe('No parked or retrying updates.');
    },
    PROCESS_TEST_MS,
  );
});

describeStores('the dedupe window', () => {
  it('an update_id seen within a day is a redelivery; after the window the same id is a new update', async () => {
    let now = new Date('2024-06-01T12:00:00Z');
    t = await createTestApp({}, () => now);
    const app = t;
    const accept = async (text: string, messageId: number) => {
      await app.app.inbox.accept([{ update_id: 5000, ...textUpdate(text, { messageId }) } as never]);
      await app.app.idle();
    };
    await accept('first', 1);
    now = new Date('2024-06-02T11:00:00Z'); // 23 h later: still the same update
    await accept('first, redelivered', 1);
    expect(await entryTexts(app)).toEqual(['first']);
    expect(app.logger.lines.some((l) => l.includes('inbox.redelivered'))).toBe(true);
    now = new Date('2024-06-02T12:30:00Z'); // past the window: Telegram may have reused the id
    await accept('a new message under an old id', 2);
    expect(await entryTexts(app)).toEqual(['first', 'a new message under an old id']);
  });
});

describe('keep no more than needed', () => {
  it("a handled update keeps no text, a stranger's is stored without it, and after a prune the planted text is in neither the file nor the -wal", async () => {
    let now = new Date('2024-06-01T12:00:00Z');
    t = await createTestApp({}, () => now);
    const app = t;
    const planted = 'PLANTED-secret-7f3a9c';
    // An owner's sticker is not an entry: its text lives only in the inbox row.
    await app.deliver(
      mediaUpdate({
        sticker: {
          file_id: 's1',
          file_unique_id: 'u1',
          type: 'regular',
          width: 1,
          height: 1,
          is_animated: false,
          is_video: false,
          set_name: `${planted}-owner`,
        },
      }),
    );
    const strangerUpdate = await app.deliver(textUpdate(`${planted}-stranger`, { from: STRANGER_ID }));
    const stored = await app.temp.db
      .selectFrom('update_inbox')
      .select('payload')
      .where('update_id', '=', strangerUpdate)
      .executeTakeFirst();
    // What may still be pending is the stranger's id, chat and message id, never its text or name.
    expect(stored?.payload ?? '').not.toContain(planted);
    await app.app.idle();
    expect(sentTexts(app, STRANGER_ID)).toEqual([strangerLine(STRANGER_ID)]);

    const rows = await app.temp.db.selectFrom('update_inbox').select(['status', 'payload']).execute();
    expect(rows.map((r) => [r.status, r.payload])).toEqual([
      ['done', null],
      ['done', null],
    ]);
    const bytes = (file: string) => (existsSync(file) ? readFileSync(file).toString('latin1') : '');
    // The owner's text went through the log: a scan finds it there (so the scan below can see it).
    expect(bytes(`${app.temp.file}-wal`) + bytes(app.temp.file)).toContain(`${planted}-owner`);

    now = new Date('2024-06-03T12:00:00Z'); // two days on: past the dedupe window
    await app.app.inbox.prune();
    expect(await app.temp.db.selectFrom('update_inbox').select('seq').execute()).toEqual([]);
    expect(bytes(app.temp.file)).not.toContain(planted);
    expect(bytes(`${app.temp.file}-wal`)).not.toContain(planted);
  });
});

describe('fairness', () => {
  it("an owner's message is handled at once while hundreds of strangers' chats are queued ahead of it", async () => {
    t = await createTestApp({}, () => new Date());
    const app = t;
    app.api.slow('sendMessage', 50);
    const strangers = Array.from({ length: 300 }, (_, i) => ({
      update_id: 100_000 + i,
      ...textUpdate('hello?', { from: 5_000_000 + i }),
    }));
    await app.app.inbox.accept(strangers as never);
    await app.deliver(textUpdate('an owner entry'));
    await app.api.waitFor((calls) => calls.some((c) => c.method === 'setMessageReaction'), 20_000);
    // Counted, not timed: when the owner's entry was acknowledged, most strangers were still waiting.
    const answered = app.api.callsTo('sendMessage').length;
    expect(answered).toBeLessThan(150);
    await app.app.idle();
    expect(app.api.callsTo('sendMessage')).toHaveLength(300);
  }, 60_000);
});
