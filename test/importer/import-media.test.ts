// Media and hashtags in a Telegram export: a voice note, a bare photo, a video note and a file become entries of their
// kind (a caption stays the content); stickers and service messages stay out; #tags are stored per entry.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTelegramExport } from '../../src/importer/telegram-export/import-export.ts';
import { parseMessage } from '../../src/importer/telegram-export/parse-message.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { entriesWithMedia } from '../helpers/entry-media-columns.ts';

const OWNER = 111;
const dir = mkdtempSync(path.join(tmpdir(), 'import-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

const NOT_INCLUDED = '(File not included. Change data exporting settings to download.)';
let nextId = 1;
const message = (extra: Record<string, unknown>) => ({
  id: nextId++,
  type: 'message',
  date: '2024-03-10T09:00:00',
  date_unixtime: String(Date.UTC(2024, 2, 10, 9, 0) / 1000 + nextId * 60),
  from: 'Owner',
  from_id: `user${OWNER}`,
  text: '',
  text_entities: [],
  ...extra,
});

const EXPORT = {
  type: 'saved_messages',
  id: OWNER,
  messages: [
    message({
      file: 'voice_messages/audio_1@10-03-2024.ogg',
      file_size: 5321,
      media_type: 'voice_message',
      mime_type: 'audio/ogg',
      duration_seconds: 42,
    }),
    message({ photo: NOT_INCLUDED, photo_file_size: 90_000, width: 1280, height: 960 }),
    message({ file: NOT_INCLUDED, media_type: 'video_message', mime_type: 'video/mp4', duration_seconds: 15 }),
    message({ file: NOT_INCLUDED, file_name: 'report.pdf', mime_type: 'application/pdf', file_size: 1000 }),
    message({ file: NOT_INCLUDED, media_type: 'sticker', sticker_emoji: '😀' }),
    message({
      photo: NOT_INCLUDED,
      text: 'Lake at dawn #travel',
      text_entities: [
        { type: 'plain', text: 'Lake at dawn ' },
        { type: 'hashtag', text: '#travel' },
      ],
    }),
    {
      id: nextId++,
      type: 'service',
      date: '2024-03-10T10:00:00',
      date_unixtime: '1710064800',
      actor: 'Owner',
      actor_id: `user${OWNER}`,
      action: 'pin_message',
      text: '',
      text_entities: [],
    },
    message({ text: ['Planning ', { type: 'hashtag', text: '#Work' }, ' and #family time'], text_entities: [] }),
  ],
};

describe('importing media and hashtags', () => {
  it('keeps voice notes, bare photos, video notes and files as entries of their kind, with duration, name and size', async () => {
    const file = path.join(dir, 'media.json');
    writeFileSync(file, JSON.stringify(EXPORT, null, 1));
    const report = await importTelegramExport(temp.db, file, { ownerId: OWNER, timeZone: 'UTC' });
    expect(report.error).toBeNull();
    expect(report.imported).toBe(6);
    expect(report.skipped).toMatchObject({ 'no-text': 1, service: 1 });
    const rows = await entriesWithMedia(temp.db).orderBy('message_id').execute();
    expect(
      rows.map((r) => [
        r.content,
        r.media_kind,
        r.media_file_name,
        r.media_duration_seconds,
        r.media_file_size,
        r.media_file_id,
      ]),
    ).toEqual([
      ['[voice note 0:42]', 'voice_note', 'audio_1@10-03-2024.ogg', 42, 5321, null],
      ['[photo]', 'photo', null, null, 90_000, null],
      ['[video note 0:15]', 'video_note', null, 15, null, null],
      ['[file report.pdf]', 'file', 'report.pdf', null, 1000, null],
      ['Lake at dawn #travel', 'photo', null, null, null, null],
      ['Planning #Work and #family time', null, null, null, null, null],
    ]);
    const tags = await temp.db
      .selectFrom('entry_tag')
      .innerJoin('entry', 'entry.id', 'entry_tag.entry_id')
      .select(['entry.message_id', 'tag'])
      .orderBy('tag')
      .execute();
    expect(tags.map((t) => t.tag)).toEqual(['family', 'travel', 'work']);
  });

  it('importing the same export again adds no entry and no tag twice', async () => {
    const file = path.join(dir, 'again.json');
    writeFileSync(file, JSON.stringify(EXPORT, null, 1));
    await importTelegramExport(temp.db, file, { ownerId: OWNER, timeZone: 'UTC' });
    const again = await importTelegramExport(temp.db, file, { ownerId: OWNER, timeZone: 'UTC' });
    expect(again).toMatchObject({ imported: 0, alreadyPresent: 6 });
    expect(
      await temp.db
        .selectFrom('entry_tag')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 3 });
  });

  it('reads a media type it does not know as a file, and an audio file by its name', () => {
    const context = { ownerId: OWNER, chatId: OWNER, chatType: 'saved_messages', timeZone: 'UTC' };
    expect(
      parseMessage(
        message({ file: 'x/song.mp3', file_name: 'song.mp3', media_type: 'audio_file', duration_seconds: 200 }),
        context,
      ),
    ).toMatchObject({
      draft: {
        text: '[audio song.mp3 3:20]',
        media: [{ kind: 'audio', fileName: 'song.mp3', durationSeconds: 200, sourcePath: 'x/song.mp3' }],
      },
    });
    expect(parseMessage(message({ file: NOT_INCLUDED, media_type: 'hologram' }), context)).toMatchObject({
      draft: { text: '[file]', media: [{ kind: 'file', missing: 'not included in the Telegram export' }] },
    });
  });
});
