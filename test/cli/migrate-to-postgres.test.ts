// Moving a journal from its SQLite file into PostgreSQL: every table that holds the owner's data arrives row for row
// (ids too), proven by counts and checksums; a second run copies nothing; a changed row is caught. Into PGlite in
// process, and into the real server when TEST_DATABASE_URL is set; the CLI's errors as a real process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSentLedgerStore } from '../../src/db/sent-ledger-store.ts';
import { copyJournal, JOURNAL_TABLES, unknownTables } from '../../src/db/copy-journal.ts';
import { createConversationStore } from '../../src/db/conversation-store.ts';
import { createDigestStore } from '../../src/daily/digest-store.ts';
import { createReminderStore } from '../../src/daily/reminder-store.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { addOwnerPrompt, rememberPromptMessage, setEntryPrompt } from '../../src/journal/prompts/prompt-store.ts';
import { createInboxStore } from '../../src/db/inbox-store.ts';
import { createJobStore } from '../../src/db/job-store.ts';
import { applyEdit, storeEntry } from '../../src/journal/entries/entry-store.ts';
import { nameTopic } from '../../src/journal/journals/journal-topics.ts';
import { setDefaultJournal } from '../../src/journal/journals/default-journal.ts';
import { setReflect } from '../../src/journal/prompts/reflect-store.ts';
import { storedConversationSchemas } from '../../src/llm/conversation.ts';
import { sharedPostgres } from '../helpers/many-instances.ts';
import { runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, TEST_DATABASE_URL, type TempDb } from '../helpers/temp-db.ts';
import { writeBlob } from '../../src/db/media-blobs.ts';

const NOW = new Date('2024-06-01T12:00:00Z');
const OWNER = 111;

/** A SQLite journal with rows in every table a journal keeps. */
async function seed(temp: TempDb) {
  const db = temp.db;
  const draft = (messageId: number, text: string) => ({
    ownerId: OWNER,
    source: 'live' as const,
    chatId: OWNER,
    messageId,
    writtenAt: new Date(NOW.getTime() + messageId * 60_000),
    text,
  });
  for (let i = 1; i <= 30; i++)
    await storeEntry(db, draft(i, `Entry ${i} #walk "quotes" ‘curly’ ünïcödé 🙂 ${'x'.repeat(i * 10)}`), {
      timeZone: 'Europe/Berlin',
      now: NOW,
    });
  const voice = await storeEntry(db, draft(31, '[voice note 0:42]'), { timeZone: 'Europe/Berlin', now: NOW });
  await storeEntry(
    db,
    { ...draft(32, 'A dream in a topic'), journal: 'Dreams' },
    { timeZone: 'Europe/Berlin', now: NOW },
  );
  await nameTopic(db, OWNER, 7, 'Dreams');
  await setDefaultJournal(db, OWNER, 'Dreams');
  await setReflect(db, OWNER, '', true, NOW);
  await db
    .insertInto('entry_media')
    .values({
      entry_id: voice!,
      owner_id: OWNER,
      position: 0,
      kind: 'voice_note',
      file_id: 'voice-1',
      duration_seconds: 42,
      size: 1234,
      sha256: null,
      mime_type: 'audio/ogg',
      width: null,
      height: null,
      file_name: null,
      note: null,
      next_at: null,
      last_error: null,
    })
    .execute();
  await writeBlob(db, 'seed', [Buffer.from('bytes of a voice note')], {
    now: NOW,
    onKept: async (trx, blob) =>
      void (await trx
        .updateTable('entry_media')
        .set({ sha256: blob.sha256, state: 'kept' })
        .where('entry_id', '=', voice!)
        .execute()),
  });
  await db
    .insertInto('transcription_job')
    .values({ entry_id: voice!, next_at: NOW.toISOString(), last_error: 'HTTP 503' })
    .execute();
  // A follow-up question claimed for the voice note's entry (its row only: no model is asked here).
  await db
    .insertInto('reflect_question')
    .values({
      owner_id: OWNER,
      entry_id: voice!,
      local_day: '2024-04-15',
      status: 'asked',
      claimed_at: NOW.toISOString(),
    })
    .execute();
  const blob = (await db.selectFrom('media_blob').select('sha256').executeTakeFirstOrThrow()).sha256;
  await db
    .insertInto('media_thumbnail')
    .values({
      sha256: blob,
      variant: 'webp:640:75',
      mime_type: 'image/webp',
      width: 640,
      height: 480,
      data: Buffer.from('a thumbnail'),
      created_at: NOW.toISOString(),
    })
    .execute();
  await applyEdit(db, draft(1, 'Entry 1, edited #run'), new Date(NOW.getTime() + 3_600_000), {
    timeZone: 'Europe/Berlin',
    now: NOW,
  });
  await db
    .insertInto('journal_setting')
    .values({ key: 'day_starts_at', value: '04:00' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: '04:00' }))
    .execute();
  await db
    .insertInto('object_handle')
    .values({
      owner_id: OWNER,
      id: '3f2a0000-0000-4000-8000-000000000001',
      kind: 'so.idyllic.prototype#JournalCollection',
      state: '{"from":"2024-04-01"}',
      created_at: NOW.toISOString(),
    })
    .execute();
  const conversations = createConversationStore(db, storedConversationSchemas);
  const conversation = await conversations.create(OWNER, NOW);
  await conversations.linkMessage(OWNER, OWNER, 9001, conversation.id);
  await db
    .insertInto('ask_cache')
    .values({ owner_id: OWNER, key: 'k1', result: '{"answer":"yes"}', created_at: NOW.toISOString() })
    .execute();
  await db.insertInto('ask_cache_read').values({ owner_id: OWNER, cache_key: 'k1', entry_id: 1 }).execute();
  const digests = createDigestStore(db);
  await digests.subscribe(OWNER, OWNER, '08:00', NOW);
  await digests.claim(OWNER, '2024-06-01', NOW, 3);
  await createInboxStore(db).add(
    [{ updateId: 77, chatKey: `chat:${OWNER}`, payload: '{"update_id":77}', priority: 0 }],
    NOW,
  );
  await createJobStore(db).add(
    { updateId: 77, kind: 'question', ownerId: OWNER, chatId: OWNER, payload: '{"update_id":77}' },
    NOW,
  );
  await createSentLedgerStore(db).record([
    {
      ownerId: OWNER,
      conversationId: conversation.id,
      sentAt: NOW,
      endpoint: 'https://api.anthropic.com',
      model: 'claude-sonnet-5-5',
      via: 'answer',
      items: [{ id: voice!, day: '2024-06-01' }],
    },
  ]);
  // Moods, writing prompts and reminders.
  await setMood(db, OWNER, '2024-06-01', 4, NOW);
  await addOwnerPrompt(db, OWNER, 'What did the dog do?', NOW);
  await rememberPromptMessage(db, { ownerId: OWNER, chatId: OWNER, messageId: 9002 }, 'What did the dog do?', NOW);
  await setEntryPrompt(db, { id: 2, ownerId: OWNER }, 'What did the dog do?');
  // The follow-up question /reflect asked about the voice note's entry (the row claimed above): it names its entry.
  await rememberPromptMessage(
    db,
    { ownerId: OWNER, chatId: OWNER, messageId: 9003 },
    'What was the voice note about?',
    NOW,
    voice,
  );
  const reminders = createReminderStore(db);
  await reminders.subscribe(OWNER, OWNER, '21:00', NOW);
  await reminders.claim(OWNER, '2024-06-01', NOW, 3);
  // A remote MCP connection: its app, the owner's grant and a token (hashes only).
  const at = NOW.toISOString();
  await db
    .insertInto('oauth_client')
    .values({
      client_id: 'c-1',
      secret_hash: null,
      name: 'Claude',
      redirect_uris: '["https://claude.ai/api/mcp/auth_callback"]',
      auth_method: 'none',
      created_at: at,
    })
    .execute();
  const grant = await db
    .insertInto('oauth_grant')
    .values({
      owner_id: OWNER,
      client_id: 'c-1',
      client_name: 'Claude',
      resource: 'https://journal.example/mcp',
      scope: 'journal',
      created_at: at,
      last_used_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('oauth_token')
    .values({
      token_hash: 'a'.repeat(64),
      grant_id: grant.id,
      owner_id: OWNER,
      kind: 'access',
      expires_at: at,
      used_at: null,
    })
    .execute();
}

let source: TempDb;
beforeEach(async () => {
  source = await createTempDb('sqlite');
  await seed(source);
});
afterEach(async () => {
  await source.cleanup();
});

for (const store of ['pglite', 'postgres'] as const) {
  describe.runIf(store === 'pglite' || TEST_DATABASE_URL)(
    `copying a journal into ${store === 'pglite' ? 'PGlite' : 'PostgreSQL (TEST_DATABASE_URL)'}`,
    () => {
      let target: TempDb;
      beforeEach(async () => {
        target = await createTempDb(store);
      }, 120_000);
      afterEach(async () => {
        await target.cleanup();
      });

      it('copies every table row for row, verified by counts and checksums; a second run copies nothing', async () => {
        expect(await unknownTables(source.db)).toEqual([]);
        const first = await copyJournal(source.db, target.db);
        expect(first.map((r) => r.table)).toEqual(JOURNAL_TABLES.map((t) => t.table));
        expect(first.every((r) => r.verified)).toBe(true);
        for (const r of first) expect(r.copied, r.table).toBe(r.source.rows);
        expect(first.filter((r) => r.source.rows === 0).map((r) => r.table)).toEqual([]); // every table had something to copy
        expect(
          await target.db.selectFrom('entry').select(['id', 'content']).where('message_id', '=', 1).executeTakeFirst(),
        ).toEqual(
          await source.db.selectFrom('entry').select(['id', 'content']).where('message_id', '=', 1).executeTakeFirst(),
        );

        const second = await copyJournal(source.db, target.db);
        expect(second.every((r) => r.verified && r.copied === 0)).toBe(true);

        // New rows get ids after the copied ones.
        const next = await storeEntry(
          target.db,
          { ownerId: OWNER, source: 'live', chatId: OWNER, messageId: 500, writtenAt: NOW, text: 'after the move' },
          { timeZone: 'UTC', now: NOW },
        );
        expect(next).toBeGreaterThan(first.find((r) => r.table === 'entry')!.source.rows);
      });

      it('a row that differs in PostgreSQL is caught by its checksum', async () => {
        await copyJournal(source.db, target.db);
        await target.db
          .updateTable('entry')
          .set({ content: 'changed behind our back' })
          .where('message_id', '=', 2)
          .execute();
        const again = await copyJournal(source.db, target.db);
        expect(again.filter((r) => !r.verified).map((r) => r.table)).toEqual(['entry']);
      });
    },
  );
}

describe('npm run migrate-to-postgres', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'journal-to-pg-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const run = (args: string[]) => runEntryPoint('src/cli/migrate-to-postgres.ts', args, { cwd: dir });

  it('--help prints the usage; a missing file, a bad URL or missing options get one clear line', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run migrate-to-postgres -- --from <sqlite file> --to <postgres://');

    const missing = await run(['--from', 'nope.sqlite', '--to', 'postgres://u@127.0.0.1:1/journal']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')[0]).toMatch(
      /There is no database at .*nope\.sqlite; nothing was created\./,
    );

    writeFileSync(path.join(dir, 'j.sqlite'), '');
    const badUrl = await run(['--from', 'j.sqlite', '--to', 'mysql://u@host/db']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('--to must start with postgres:// or postgresql:// (got mysql://…)');

    const noTo = await run(['--from', 'j.sqlite']);
    expect(noTo.code).toBe(2);
    expect(noTo.stderr).toContain('Both --from <sqlite file> and --to <postgres url> are needed.');
  }, 60_000);

  it('a server that cannot be reached is named without the password', async () => {
    const down = await run(['--from', source.file, '--to', 'postgres://journal:s3cret@127.0.0.1:1/journal']);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Could not prepare PostgreSQL at 127.0.0.1:1/journal');
    expect(down.stderr + down.stdout).not.toContain('s3cret');
  }, 60_000);

  it.runIf(TEST_DATABASE_URL)(
    'moves a journal into the real server and proves it; run again, it copies nothing and says so',
    async () => {
      const shared = await sharedPostgres(TEST_DATABASE_URL!);
      try {
        const url = shared.env.DATABASE_URL!;
        const first = await run(['--from', source.file, '--to', url]);
        expect(first.code, first.stderr).toBe(0);
        const { host, pathname } = new URL(url);
        expect(first.stdout).toContain(`journal.sqlite → PostgreSQL ${host}${pathname}\n`);
        expect(first.stdout).toMatch(/^entry +32 copied +32 in SQLite +32 in PostgreSQL +checksum (\w{16}) = \1 +ok$/m);
        expect(first.stdout).toMatch(/^Copied \d+ rows; all \d+ tables verified \(counts and checksums match\)\.$/m);
        const again = await run(['--from', source.file, '--to', url]);
        expect(again.code).toBe(0);
        expect(again.stdout).toContain('Nothing to copy: PostgreSQL already holds every row; all tables verified.');
        expect(await shared.read((db) => db.selectFrom('entry').select('id').execute())).toHaveLength(32);
      } finally {
        await shared.dispose();
      }
    },
    120_000,
  );
});
