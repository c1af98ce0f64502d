// forgetEntry and forgetOwner on each store: an entry goes with everything derived from it (and nothing else), and an
// owner's every row in every table goes while another owner's rows stay exactly as they were.
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAskCache } from '../../src/db/ask-cache-store.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import type { Database } from '../../src/db/schema.ts';
import { applyEdit, storeEntry } from '../../src/journal/entries/entry-store.ts';
import { forgetEntry, forgetOwner } from '../../src/journal/forget/forget.ts';
import { OWNER_ROWS } from '../../src/journal/forget/owner-rows.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const A = 111;
const B = 222;
const NOW = new Date('2024-06-01T12:00:00Z');
const PLANTED = 'xyzzyplanted hunter2 password';

let temp: TempDb;
let db: JournalDb;
let nextMessage = 500;

async function write(
  ownerId: number,
  text: string,
  at = '2024-04-01T08:00:00Z',
  media = false,
): Promise<{ id: number; messageId: number }> {
  const messageId = nextMessage++;
  const draft = {
    ownerId,
    source: 'live' as const,
    chatId: ownerId,
    messageId,
    writtenAt: new Date(at),
    text,
    ...(media
      ? { media: [{ kind: 'voice_note' as const, fileId: 'f1', durationSeconds: 3, fileName: null, fileSize: null }] }
      : {}),
  };
  const id = await storeEntry(db, draft, { timeZone: 'UTC', now: NOW, dayStartsAt: '00:00', transcribe: media });
  if (id === null) throw new Error('not stored');
  return { id, messageId };
}

async function conversation(ownerId: number, toolResult: string): Promise<number> {
  const messages = JSON.stringify([
    { role: 'user', content: 'what did I write?' },
    {
      role: 'assistant',
      content: [
        {
          type: 'tool_use',
          id: 'toolu_1',
          name: 'invokeMethod',
          input: { objId: 'journal', methodName: 'getEntriesForDay' },
        },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: toolResult }] },
    { role: 'assistant', content: [{ type: 'text', text: 'You wrote about it.' }] },
  ]);
  const row = await db
    .insertInto('conversation')
    .values({
      owner_id: ownerId,
      messages,
      status: 'answered',
      pending_question: null,
      receipt: null,
      answered_at: NOW.toISOString(),
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('conversation_message')
    .values({ owner_id: ownerId, chat_id: ownerId, message_id: 9000 + row.id, conversation_id: row.id })
    .execute();
  return row.id;
}

let updateId = 1;
async function inbox(chatId: number, payload: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('update_inbox')
    .values({
      update_id: updateId++,
      chat_key: `chat:${chatId}`,
      payload: JSON.stringify(payload),
      status: 'done',
      received_at: NOW.toISOString(),
      handled_at: NOW.toISOString(),
    })
    .execute();
}

const count = async (table: keyof Database, where?: [string, number]) => {
  const q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  const row = await (where ? q.where(sql.ref(where[0]), '=', where[1]) : q).executeTakeFirstOrThrow();
  return Number(row.n);
};

describeStores('forgetting', (store) => {
  beforeEach(async () => {
    temp = await createTempDb();
    db = temp.db;
  });
  afterEach(() => temp.cleanup());

  it('forgetEntry removes the entry and every trace of it, and nothing else', async () => {
    const secret = await write(A, `Note to self #private\n${PLANTED} for the bank`);
    await applyEdit(
      db,
      {
        ownerId: A,
        source: 'live',
        chatId: A,
        messageId: secret.messageId,
        writtenAt: new Date('2024-04-01T08:00:00Z'),
        text: `Edited: ${PLANTED} #private`,
      },
      new Date('2024-04-01T09:00:00Z'),
      { timeZone: 'UTC', now: NOW },
    );
    const kept = await write(A, 'A walk by the river #walk');
    const voice = await write(A, '[voice note 0:03]', '2024-04-02T08:00:00Z', true);
    const other = await write(B, `B also writes ${PLANTED}`);

    const cache = createAskCache(db);
    await cache.put(A, 'read-secret', { answer: 'You noted a bank password.' }, NOW, [secret.id, kept.id]);
    await cache.put(A, 'read-kept', { answer: 'You walked.' }, NOW, [kept.id]);
    const quoting = await conversation(
      A,
      JSON.stringify([{ id: secret.id, time: '08:00', title: 'Edited', content: `Edited: ${PLANTED} #private` }]),
    );
    const quotingTheAnswer = await conversation(
      A,
      JSON.stringify({ answer: 'You noted a bank password.', entriesRead: 2 }),
    );
    const unrelated = await conversation(
      A,
      JSON.stringify([{ id: kept.id, time: '08:00', title: 'A walk', content: 'A walk by the river #walk' }]),
    );
    await inbox(A, {
      message: {
        message_id: secret.messageId,
        chat: { id: A, type: 'private' },
        from: { id: A },
        text: 'Note to self',
      },
    });
    await inbox(A, {
      edited_message: {
        message_id: secret.messageId,
        chat: { id: A, type: 'private' },
        from: { id: A },
        text: 'Edited',
      },
    });
    await inbox(A, {
      message: {
        message_id: 77,
        chat: { id: A, type: 'private' },
        from: { id: A },
        text: '/forget',
        reply_to_message: { message_id: secret.messageId, chat: { id: A, type: 'private' }, text: 'Edited' },
      },
    });
    await inbox(A, {
      message: {
        message_id: kept.messageId,
        chat: { id: A, type: 'private' },
        from: { id: A },
        text: 'A walk by the river #walk',
      },
    });

    // Another owner cannot forget A's entry: it is simply not found.
    expect(await forgetEntry(db, B, secret.id)).toEqual({ type: 'not-found', entryId: secret.id });

    const result = await forgetEntry(db, A, secret.id);
    expect(result).toMatchObject({ type: 'forgotten', entryId: secret.id, day: '2024-04-01', purged: true });
    if (result.type !== 'forgotten') return;
    expect(result.removed).toMatchObject({
      entry: 1,
      entry_revision: 1,
      entry_tag: 1,
      ask_cache: 1,
      conversation: 2,
      conversation_message: 2,
      update_inbox: 3,
    });

    expect(await db.selectFrom('entry').select('id').where('owner_id', '=', A).orderBy('id').execute()).toEqual([
      { id: kept.id },
      { id: voice.id },
    ]);
    expect(await count('entry', ['owner_id', B])).toBe(1);
    expect(await db.selectFrom('ask_cache').select('key').where('owner_id', '=', A).execute()).toEqual([
      { key: 'read-kept' },
    ]);
    expect(await db.selectFrom('ask_cache_read').select('entry_id').where('owner_id', '=', A).execute()).toEqual([
      { entry_id: kept.id },
    ]);
    expect(
      (await db.selectFrom('conversation').select('id').where('owner_id', '=', A).execute()).map((r) => r.id),
    ).toEqual([unrelated]);
    expect(quoting).not.toBe(quotingTheAnswer);
    expect(await count('update_inbox')).toBe(1);
    expect(await db.selectFrom('entry_tag').select('tag').where('owner_id', '=', A).orderBy('tag').execute()).toEqual([
      { tag: 'walk' },
    ]);

    // Search finds the planted words only in B's journal now.
    const hits = await db
      .selectFrom('entry')
      .select('owner_id')
      .where(
        db.store.searchCondition(
          [{ any: [{ text: 'xyzzyplanted', prefix: false, phrase: false }], all: [], none: [] }],
          'entry',
          'list',
        ),
      )
      .execute();
    expect(hits).toEqual([{ owner_id: B }]);
    expect(other.id).toBeGreaterThan(0);

    // A voice note's transcription job goes with it.
    expect(await count('transcription_job')).toBe(1);
    await forgetEntry(db, A, voice.id);
    expect(await count('transcription_job')).toBe(0);

    // An answer made while its entry was forgotten (the forget found nothing to remove yet) is not kept either.
    await cache.put(A, 'read-forgotten', { answer: `You noted ${PLANTED}.` }, NOW, [kept.id, secret.id]);
    expect(await cache.get(A, 'read-forgotten')).toBeUndefined();
    expect(
      await db.selectFrom('ask_cache_read').select('entry_id').where('cache_key', '=', 'read-forgotten').execute(),
    ).toEqual([]);
  });

  it('forgetEntry also removes the handles of views that searched for its words, and only those', async () => {
    const secret = await write(A, `Meeting notes: ${PLANTED}`);
    await write(A, 'A walk by the river');
    const ops = createJournalOperations(db, A, { timeZone: 'UTC' });
    const typed = await ops.invokeMethod('journal', 'search', { query: 'xyzzyplant*' });
    const narrowed = await ops.invokeMethod('journal', 'getDateRangeView', {
      startDate: '2024-04-01',
      endDate: '2024-04-30',
    });
    const river = await ops.invokeMethod('journal', 'search', { query: 'river' });
    const handles = async () =>
      (await db.selectFrom('object_handle').select('state').where('owner_id', '=', A).execute())
        .map((r) => r.state)
        .sort();
    expect((await handles()).join()).toContain('xyzzyplant');
    const result = await forgetEntry(db, A, secret.id);
    expect(result).toMatchObject({ type: 'forgotten', removed: { object_handle: 1 } });
    const left = await handles();
    expect(left.join()).not.toContain('xyzzyplant');
    expect(left).toHaveLength(2);
    expect([typed, narrowed, river].every((r) => r.type === 'object')).toBe(true);
  });

  it('forgetOwner leaves no row of the owner in any table, and the other owner exactly as before', async () => {
    await write(A, 'qqownerplanted words only A wrote');
    for (const owner of [A, B]) {
      const e = await write(owner, `Day of ${owner} #tag`);
      await write(owner, '[voice note 0:03]', '2024-04-02T08:00:00Z', true);
      await applyEdit(
        db,
        {
          ownerId: owner,
          source: 'live',
          chatId: owner,
          messageId: e.messageId,
          writtenAt: new Date('2024-04-01T08:00:00Z'),
          text: `Edited day of ${owner}`,
        },
        NOW,
        { timeZone: 'UTC', now: NOW },
      );
      await createAskCache(db).put(owner, `k${owner}`, { answer: 'yes' }, NOW, [e.id]);
      await conversation(owner, '[]');
      await db
        .insertInto('object_handle')
        .values({ owner_id: owner, id: `h-${owner}`, kind: 'k', state: '{}', created_at: NOW.toISOString() })
        .execute();
      await db
        .insertInto('digest_subscription')
        .values({ owner_id: owner, chat_id: owner, local_time: '08:00', since: NOW.toISOString() })
        .execute();
      await db
        .insertInto('digest_delivery')
        .values({
          owner_id: owner,
          local_day: '2024-04-01',
          status: 'sent',
          message_id: 5,
          detail: null,
          updated_at: NOW.toISOString(),
        })
        .execute();
      await db
        .insertInto('job')
        .values({
          update_id: 7000 + owner,
          kind: 'question',
          owner_id: owner,
          chat_id: owner,
          payload: '{}',
          status: 'done',
          error: null,
          created_at: NOW.toISOString(),
          updated_at: NOW.toISOString(),
        })
        .execute();
      await inbox(owner, { message: { message_id: 1, chat: { id: owner, type: 'private' }, from: { id: owner } } });
      await db
        .insertInto('inbox_lease')
        .values({ chat_key: `chat:${owner}`, holder: 'gone', expires_at: '2024-01-01T00:00:00.000Z' })
        .execute();
    }
    // A message A sent in a group is A's too.
    await db
      .insertInto('update_inbox')
      .values({
        update_id: updateId++,
        chat_key: 'chat:-100',
        payload: JSON.stringify({ message: { chat: { id: -100 }, from: { id: A } } }),
        status: 'done',
        received_at: NOW.toISOString(),
        handled_at: null,
      })
      .execute();
    await db
      .insertInto('journal_setting')
      .values({ key: 'day_starts_at', value: '00:00' })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();

    // Every table of the database is in OWNER_ROWS (deleted per owner, or said to hold no owner's data).
    // A PostgreSQL test database holds other test files' schemas too: each table name once.
    const tables = [
      ...new Set(
        (await db.introspection.getTables()).map((t) => t.name).filter((n) => !/^(kysely_|sqlite_|entry_fts)/.test(n)),
      ),
    ];
    expect(tables.sort()).toEqual(Object.keys(OWNER_ROWS).sort());

    const rowsOf = async (owner: number) => {
      const snapshot: Record<string, unknown[]> = {};
      for (const table of tables) {
        const rows = (await db
          .selectFrom(table as keyof Database)
          .selectAll()
          .execute()) as Record<string, unknown>[];
        snapshot[table] = rows.filter(
          (r) => JSON.stringify(r).includes(String(owner)) || ('owner_id' in r && r.owner_id === owner),
        );
      }
      return snapshot;
    };
    const ofB = await rowsOf(B);
    const entriesOfA = (await db.selectFrom('entry').select('id').where('owner_id', '=', A).execute()).map((r) => r.id);

    const result = await forgetOwner(db, A, NOW);
    expect(result.purged).toBe(true);
    expect(result.removed).toMatchObject({
      entry: 3,
      entry_revision: 1,
      transcription_job: 1,
      update_inbox: 2,
      inbox_lease: 1,
    });
    expect('journal_setting' in result.removed).toBe(false);

    for (const table of tables) {
      const rows = (await db
        .selectFrom(table as keyof Database)
        .selectAll()
        .execute()) as Record<string, unknown>[];
      const ofA = rows.filter(
        (r) =>
          r.owner_id === A ||
          (typeof r.entry_id === 'number' && entriesOfA.includes(r.entry_id)) ||
          String(r.chat_key ?? '').endsWith(`:${A}`) ||
          String(r.payload ?? '').includes(`"id":${A}`),
      );
      expect(ofA, table).toEqual([]);
    }
    expect(await rowsOf(B)).toEqual(ofB);
    expect(await count('journal_setting')).toBeGreaterThan(0);

    if (store === 'sqlite') {
      // The search index holds none of A's words, and the file's and -wal's bytes none of A's text.
      await sql`CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, entry_fts, 'row')`.execute(db);
      const terms = (await sql<{ term: string }>`SELECT term FROM temp.terms`.execute(db)).rows.map((r) => r.term);
      expect(terms).toContain('222');
      expect(terms.filter((t) => t === '111' || t.startsWith('qq'))).toEqual([]);
      await sql`DROP TABLE temp.terms`.execute(db);
      const bytes = Buffer.concat([
        readFileSync(temp.file),
        ...(existsSync(`${temp.file}-wal`) ? [readFileSync(`${temp.file}-wal`)] : []),
      ]);
      expect(bytes.includes('qqownerplanted')).toBe(false);
      expect(bytes.includes('Edited day of 222')).toBe(true);
    }
  });
});
