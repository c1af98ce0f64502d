// Imports and exports carry media: the JSON export to a folder writes media/, and importing that folder into an empty
// journal gives byte-identical media; a Telegram Desktop export folder brings its photo and voice message files while a
// "File not included" photo stays a label; the unzipped Day One sample is recognised and its two photos are kept.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBlobWhole, writeBlob } from '../../src/db/media-blobs.ts';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importJournalExport } from '../../src/export/import-journal-export.ts';
import { importTelegramExport } from '../../src/importer/telegram-export/import-export.ts';
import { detectSource } from '../../src/importer/sources/detect-source.ts';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { formatSourceSummary } from '../../src/importer/sources/source-summary.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { SHARED_JOURNALS, SKIP_REASON, sharedJournalsPresent } from '../helpers/shared-fixtures.ts';
import { savedMessage, writeSavedMessages } from '../helpers/saved-messages-export.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 111;
const NOW = new Date('2024-04-15T12:00:00Z');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let temp: TempDb;
let target: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
  target = await createTempDb();
});
afterEach(async () => {
  await temp.cleanup();
  await target.cleanup();
});

const keptShas = async (db: TempDb['db']) =>
  (await db.selectFrom('entry_media').select(['sha256', 'state']).orderBy('id').execute())
    .filter((m) => m.state === 'kept')
    .map((m) => m.sha256);

describe('the journal’s own export to a folder', () => {
  it('writes media/ beside the JSON; importing that folder into an empty journal gives back the same bytes, once', async () => {
    const bytes = randomBytes(50_000);
    const id = await storeEntry(
      temp.db,
      {
        ownerId: OWNER,
        source: 'live',
        chatId: OWNER,
        messageId: 1,
        writtenAt: NOW,
        text: 'Lisbon',
        media: [
          {
            kind: 'photo',
            fileId: 'p',
            fileName: null,
            durationSeconds: null,
            fileSize: bytes.length,
            mimeType: 'image/jpeg',
          },
        ],
      },
      { timeZone: 'UTC', now: NOW },
    );
    const medium = await temp.db
      .selectFrom('entry_media')
      .select('id')
      .where('entry_id', '=', id!)
      .executeTakeFirstOrThrow();
    await writeBlob(temp.db, medium.id, [bytes], {
      now: NOW,
      onKept: async (trx, b) =>
        void (await trx
          .updateTable('entry_media')
          .set({ sha256: b.sha256, state: 'kept', next_at: null })
          .where('id', '=', medium.id)
          .execute()),
    });
    const out = path.join(temp.dir, 'export');
    await exportJournal(temp.db, {
      ownerId: OWNER,
      format: 'json',
      out: { dir: out },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: NOW,
    });
    expect(readdirSync(path.join(out, 'media'))).toEqual([`${sha(bytes)}.jpg`]);
    expect(readFileSync(path.join(out, 'media', `${sha(bytes)}.jpg`))).toEqual(bytes);

    const found = await detectSource(out, 'export');
    expect(found).toMatchObject({ kind: 'journal-export', file: expect.stringMatching(/journal-111-[0-9-]+\.json$/) });
    const report = await importJournalExport(target.db, (found as { file: string }).file);
    expect(report).toMatchObject({ imported: 1, mediaKept: 1, mediaMissing: 0, error: null });
    expect(await keptShas(target.db)).toEqual([sha(bytes)]);
    expect(await readBlobWhole(target.db, sha(bytes))).toEqual(bytes);
    expect(await importJournalExport(target.db, (found as { file: string }).file)).toMatchObject({
      imported: 0,
      alreadyPresent: 1,
      mediaKept: 0,
    });
    expect(await target.db.selectFrom('media_blob').select('sha256').execute()).toHaveLength(1);
  });
});

describe('a Telegram Desktop export folder', () => {
  it('brings its photo and voice message files; a "File not included" photo stays an entry without bytes, counted', async () => {
    const dir = path.join(temp.dir, 'ChatExport');
    mkdirSync(path.join(dir, 'photos'), { recursive: true });
    mkdirSync(path.join(dir, 'voice_messages'), { recursive: true });
    const photo = randomBytes(20_000);
    const voice = randomBytes(8_000);
    writeFileSync(path.join(dir, 'photos', 'photo_1@15-04-2024.jpg'), photo);
    writeFileSync(path.join(dir, 'voice_messages', 'audio_1@15-04-2024.ogg'), voice);
    const message = (id: number, extra: Record<string, unknown>) => savedMessage(OWNER, id, extra);
    writeSavedMessages(dir, OWNER, [
      message(1, { photo: 'photos/photo_1@15-04-2024.jpg', photo_file_size: photo.length, width: 640, height: 480 }),
      message(2, {
        file: 'voice_messages/audio_1@15-04-2024.ogg',
        media_type: 'voice_message',
        mime_type: 'audio/ogg',
        duration_seconds: 3,
      }),
      message(3, {
        photo: '(File not included. Change data exporting settings to download.)',
        width: 640,
        height: 480,
      }),
    ]);
    const report = await importTelegramExport(temp.db, path.join(dir, 'result.json'), {
      ownerId: OWNER,
      timeZone: 'UTC',
    });
    expect(report).toMatchObject({ error: null, imported: 3, mediaKept: 2, mediaMissing: 1 });
    const rows = await temp.db
      .selectFrom('entry_media')
      .select(['kind', 'state', 'sha256', 'note', 'mime_type'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'photo', state: 'kept', sha256: sha(photo), note: null, mime_type: 'image/jpeg' },
      { kind: 'voice_note', state: 'kept', sha256: sha(voice), note: null, mime_type: 'audio/ogg' },
      {
        kind: 'photo',
        state: 'reference',
        sha256: null,
        note: 'not included in the Telegram export',
        mime_type: 'image/jpeg',
      },
    ]);
    const again = await importTelegramExport(temp.db, path.join(dir, 'result.json'), {
      ownerId: OWNER,
      timeZone: 'UTC',
    });
    expect(again).toMatchObject({ imported: 0, alreadyPresent: 3, mediaKept: 0 });
  });
});

describe('the unzipped Day One sample', () => {
  it.skipIf(!sharedJournalsPresent)(
    `is recognised as a folder, and its two photo files' bytes are kept ${sharedJournalsPresent ? '' : SKIP_REASON}`,
    async () => {
      const folder = path.join(SHARED_JOURNALS, 'dayone-official-example');
      expect(await detectSource(folder, 'dayone-official-example')).toEqual({
        format: 'dayone',
        kind: 'dayone-folder',
      });
      const report = await importSource(temp.db, readDayOne(folder, false), 'dayone-official-example', {
        ownerId: OWNER,
        timeZone: 'UTC',
      });
      expect(report).toMatchObject({ error: null, imported: 54, mediaKept: 2 });
      expect(formatSourceSummary(report).join('\n')).toMatch(/Media: 2 files kept in the journal; \d+ without a file/);
      const photos = readdirSync(path.join(folder, 'photos')).map((n) => readFileSync(path.join(folder, 'photos', n)));
      expect((await keptShas(temp.db)).sort()).toEqual(photos.map(sha).sort());
      const again = await importSource(temp.db, readDayOne(folder, false), 'again', {
        ownerId: OWNER,
        timeZone: 'UTC',
      });
      expect(again).toMatchObject({ imported: 0, alreadyPresent: 54 });
      expect(await temp.db.selectFrom('media_blob').select('sha256').execute()).toHaveLength(2);
    },
  );
});
