// Batch inserts for imports: all or nothing per batch, nothing stored twice, and no twin of a live-captured note.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertEntryBatch, type BatchDraft } from '../../src/journal/entries/entry-batch.ts';
import { saveEntry, storeEntry } from '../../src/journal/entries/entry-store.ts';
import { completeTranscription } from '../../src/journal/entries/entry-transcript.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { describeStores } from '../helpers/stores.ts';

describeStores('entry batches', () => {
  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
  });
  afterEach(() => temp.cleanup());

  const NOW = new Date('2024-06-01T12:00:00Z');
  const draft = (messageId: number, text = `note ${messageId}`, extra: Partial<BatchDraft> = {}): BatchDraft => ({
    ownerId: 111,
    source: 'import',
    chatId: 500,
    messageId,
    writtenAt: new Date(Date.UTC(2024, 0, 1, 10, messageId)),
    text,
    editedAt: null,
    ...extra,
  });
  const count = async () =>
    (
      await temp.db
        .selectFrom('entry')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  describe('insertEntryBatch', () => {
    it('inserts every row of a batch larger than one statement, and says how many were new', async () => {
      const drafts = Array.from({ length: 1234 }, (_, i) => draft(i));
      expect(await insertEntryBatch(temp.db, drafts, { timeZone: 'UTC', now: NOW })).toEqual({
        inserted: 1234,
        alreadyPresent: 0,
        revised: 0,
      });
      expect(await count()).toBe(1234);
    });

    it('never stores a message twice; one edited since the last import takes its new text, the old kept as a revision', async () => {
      await insertEntryBatch(temp.db, [draft(1), draft(2)], { timeZone: 'UTC', now: NOW });
      const edited = draft(2, 'changed', { editedAt: new Date('2024-02-01T00:00:00Z') });
      expect(await insertEntryBatch(temp.db, [draft(1), edited, draft(3)], { timeZone: 'UTC', now: NOW })).toEqual({
        inserted: 1,
        alreadyPresent: 2,
        revised: 1,
      });
      const rows = await temp.db
        .selectFrom('entry')
        .select(['message_id', 'content', 'edited_at'])
        .orderBy('message_id')
        .execute();
      expect(rows).toEqual([
        { message_id: 1, content: 'note 1', edited_at: null },
        { message_id: 2, content: 'changed', edited_at: '2024-02-01T00:00:00.000Z' },
        { message_id: 3, content: 'note 3', edited_at: null },
      ]);
      const revisions = await temp.db.selectFrom('entry_revision').select(['content', 'replaced_at']).execute();
      expect(revisions).toEqual([{ content: 'note 2', replaced_at: '2024-02-01T00:00:00.000Z' }]);
    });

    it('an imported message never collides with a live one that has the same chat and message id', async () => {
      // A Saved Messages export uses the owner's id as its chat id, as the live chat with the bot does.
      await saveEntry(
        temp.db,
        { ownerId: 111, source: 'live', chatId: 111, messageId: 7, writtenAt: NOW, text: 'live note' },
        { timeZone: 'UTC', now: NOW },
      );
      expect(
        await insertEntryBatch(temp.db, [draft(7, 'saved message', { chatId: 111 })], { timeZone: 'UTC', now: NOW }),
      ).toEqual({
        inserted: 1,
        alreadyPresent: 0,
        revised: 0,
      });
      expect(await count()).toBe(2);
    });

    it('stores the edit instant and the local day of the given zone', async () => {
      await insertEntryBatch(temp.db, [draft(5, 'x', { editedAt: new Date('2024-01-02T00:00:00Z') })], {
        timeZone: 'Asia/Tokyo',
        now: NOW,
      });
      const row = await temp.db.selectFrom('entry').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        local_day: '2024-01-01',
        local_time: '19:05',
        edited_at: '2024-01-02T00:00:00.000Z',
        created_at: NOW.toISOString(),
      });
    });

    it('commits a batch whole or not at all', async () => {
      const bad = { ...draft(2), source: 'elsewhere' } as unknown as BatchDraft; // violates the CHECK on source
      await expect(
        insertEntryBatch(temp.db, [draft(1), bad, draft(3)], { timeZone: 'UTC', now: NOW }),
      ).rejects.toThrow();
      expect(await count()).toBe(0);
    });

    it('does not store a draft that may be live when the bot already captured the same note', async () => {
      const at = new Date('2024-04-15T09:00:00Z');
      await saveEntry(
        temp.db,
        { ownerId: 111, source: 'live', chatId: 111, messageId: 7, writtenAt: at, text: 'same note' },
        { timeZone: 'UTC', now: NOW },
      );
      const result = await insertEntryBatch(
        temp.db,
        [
          draft(501, 'same note', { chatId: 4242, writtenAt: at, mayBeLive: true }),
          draft(502, 'other note', { chatId: 4242, writtenAt: at, mayBeLive: true }),
          draft(503, 'same note', { chatId: 999, writtenAt: at }), // not from the bot chat: stored
        ],
        { timeZone: 'UTC', now: NOW },
      );
      expect(result).toEqual({ inserted: 2, alreadyPresent: 1, revised: 0 });
      expect(await count()).toBe(3);
    });
  });

  it('does not store a voice note the bot captured and transcribed live again when its export (still "[voice note 0:42]") is imported', async () => {
    const at = new Date('2024-04-15T09:00:00Z');
    const voice = { kind: 'voice_note' as const, fileId: 'v1', fileName: null, durationSeconds: 42, fileSize: 100 };
    const id = await storeEntry(
      temp.db,
      {
        ownerId: 111,
        source: 'live',
        chatId: 111,
        messageId: 8,
        writtenAt: at,
        text: '[voice note 0:42]',
        media: [voice],
      },
      { timeZone: 'UTC', now: NOW },
    );
    expect(await completeTranscription(temp.db, id!, 'planted tomatoes', NOW)).toBe('transcribed');
    const exported = { ...voice, fileId: null }; // exports carry no file_id
    const result = await insertEntryBatch(
      temp.db,
      [
        draft(601, '[voice note 0:42]', { chatId: 4242, writtenAt: at, media: [exported], mayBeLive: true }),
        draft(602, '[voice note 0:05]', {
          chatId: 4242,
          writtenAt: at,
          media: [{ ...exported, durationSeconds: 5 }],
          mayBeLive: true,
        }), // another note
        draft(603, '[photo]', {
          chatId: 4242,
          writtenAt: at,
          media: [{ ...exported, kind: 'photo', durationSeconds: null }],
          mayBeLive: true,
        }),
      ],
      { timeZone: 'UTC', now: NOW },
    );
    // The two stored notes came without their files: labels only, counted as missing.
    expect(result).toEqual({ inserted: 2, alreadyPresent: 1, revised: 0, mediaKept: 0, mediaMissing: 2 });
    const rows = await temp.db.selectFrom('entry').select(['source', 'content']).orderBy('id').execute();
    expect(rows).toEqual([
      { source: 'live', content: 'planted tomatoes' },
      { source: 'import', content: '[voice note 0:05]' },
      { source: 'import', content: '[photo]' },
    ]);
  });
});
