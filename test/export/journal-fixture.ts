// A journal with every kind of field an export must carry: edits (revisions), tags, media (a transcribed voice
// note, a photo, a file), imported entries, two years and a night entry counted to the previous day.
import type { JournalDb } from '../../src/db/journal-database.ts';
import { insertEntryBatch } from '../../src/journal/entries/entry-batch.ts';
import { applyEdit, storeEntry } from '../../src/journal/entries/entry-store.ts';
import { completeTranscription } from '../../src/journal/entries/entry-transcript.ts';

export const OWNER = 111;
const NOW = new Date('2025-01-10T12:00:00Z');

export async function seedRichJournal(db: JournalDb): Promise<void> {
  const live = (
    messageId: number,
    at: string,
    text: string,
    media?: NonNullable<Parameters<typeof storeEntry>[1]['media']>[number],
  ) =>
    storeEntry(
      db,
      {
        ownerId: OWNER,
        source: 'live',
        chatId: OWNER,
        messageId,
        writtenAt: new Date(at),
        text,
        media: media ? [media] : [],
      },
      { timeZone: 'Europe/Berlin', now: NOW, dayStartsAt: '04:00' },
    );
  await live(1, '2024-12-30T08:00:00Z', 'Year end #review\nLots to think about.');
  await applyEdit(
    db,
    {
      ownerId: OWNER,
      source: 'live',
      chatId: OWNER,
      messageId: 1,
      writtenAt: new Date('2024-12-30T08:00:00Z'),
      text: 'Year end #review #plans\nLots to plan.',
    },
    new Date('2024-12-30T09:00:00Z'),
    { timeZone: 'Europe/Berlin', now: NOW, dayStartsAt: '04:00' },
  );
  const voice = await live(2, '2024-12-31T01:30:00Z', '[voice note 0:42]', {
    kind: 'voice_note',
    fileId: 'AwACAgIAAxk',
    fileName: null,
    durationSeconds: 42,
    fileSize: 4000,
  });
  await completeTranscription(db, voice!, 'Fireworks over the river, #newyear soon', new Date('2024-12-31T01:31:00Z'));
  await live(3, '2025-01-02T10:00:00Z', '[photo]', {
    kind: 'photo',
    fileId: 'AgACAgIAAxk',
    fileName: null,
    durationSeconds: null,
    fileSize: 90_000,
  });
  await live(4, '2025-01-03T10:00:00Z', 'Quarterly numbers', {
    kind: 'file',
    fileId: 'BQACAgIAAxk',
    fileName: 'q4.pdf',
    durationSeconds: null,
    fileSize: 1234,
  });
  await insertEntryBatch(
    db,
    [
      {
        ownerId: OWNER,
        source: 'import',
        chatId: 900,
        messageId: 7,
        writtenAt: new Date('2024-06-01T18:00:00Z'),
        text: 'Imported diary note "quoted" \\ back\u0001slash',
        editedAt: new Date('2024-06-02T08:00:00Z'),
      },
      {
        ownerId: OWNER,
        source: 'import',
        chatId: 900,
        messageId: 8,
        writtenAt: new Date('2024-06-01T19:00:00Z'),
        text: '[video note 0:15]',
        editedAt: null,
        media: [{ kind: 'video_note', fileId: null, fileName: null, durationSeconds: 15, fileSize: null }],
      },
    ],
    { timeZone: 'Europe/Berlin', now: NOW, dayStartsAt: '04:00' },
  );
  await live(5, '2025-01-04T10:00:00Z', 'A plain note');
  await storeEntry(
    db,
    {
      ownerId: 222,
      source: 'live',
      chatId: 222,
      messageId: 1,
      writtenAt: new Date('2025-01-04T10:00:00Z'),
      text: 'not mine #secret',
    },
    { timeZone: 'UTC', now: NOW },
  );
}

/** Every stored field of the owner's journal, ids included. */
export async function snapshot(db: JournalDb, ownerId = OWNER) {
  const entries = await db.selectFrom('entry').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute();
  const ids = entries.map((e) => e.id);
  return {
    entries,
    revisions: await db.selectFrom('entry_revision').selectAll().where('entry_id', 'in', ids).orderBy('id').execute(),
    tags: await db
      .selectFrom('entry_tag')
      .selectAll()
      .where('entry_id', 'in', ids)
      .orderBy('entry_id')
      .orderBy('tag')
      .execute(),
  };
}
