// Voice notes, video notes, photos and files sent to the bot become entries of their kind, counted like any entry;
// stickers stay out; hashtags (Telegram's entities and #word) are stored per entry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { editUpdate, mediaUpdate, OWNER_ID, photoUpdate, textUpdate } from '../helpers/updates.ts';
import { entriesWithMedia } from '../helpers/entry-media-columns.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const entries = () => entriesWithMedia(t.temp.db).orderBy('entry.id').execute();
const tagsOf = async (entryId: number) =>
  (await t.temp.db.selectFrom('entry_tag').select('tag').where('entry_id', '=', entryId).orderBy('tag').execute()).map(
    (r) => r.tag,
  );

describe('media capture', () => {
  it('keeps a voice note, a video note, a bare photo and a file as entries with their kind, file_id and duration', async () => {
    await t.send(
      mediaUpdate({
        voice: { file_id: 'voice-1', file_unique_id: 'v1', duration: 42, mime_type: 'audio/ogg', file_size: 4000 },
      }),
    );
    await t.send(mediaUpdate({ video_note: { file_id: 'vn-1', file_unique_id: 'vn1', length: 240, duration: 15 } }));
    await t.send(photoUpdate(undefined));
    await t.send(
      mediaUpdate({
        document: {
          file_id: 'doc-1',
          file_unique_id: 'd1',
          file_name: 'report.pdf',
          mime_type: 'application/pdf',
          file_size: 1234,
        },
      }),
    );
    const rows = await entries();
    expect(rows.map((r) => [r.content, r.title, r.media_kind, r.media_file_id, r.media_duration_seconds])).toEqual([
      ['[voice note 0:42]', '[voice note 0:42]', 'voice_note', 'voice-1', 42],
      ['[video note 0:15]', '[video note 0:15]', 'video_note', 'vn-1', 15],
      ['[photo]', '[photo]', 'photo', 'photo-1', null],
      ['[file report.pdf]', '[file report.pdf]', 'file', 'doc-1', null],
    ]);
    expect(rows[0]).toMatchObject({ media_file_size: 4000, local_day: '2024-04-15' });
    expect(t.api.callsTo('setMessageReaction')).toHaveLength(4);
    const ops = createJournalOperations(t.temp.db, OWNER_ID);
    expect(await ops.invokeMethod('journal', 'getTotalEntryCount', {})).toMatchObject({ value: 4 });
  });

  it('a caption is the content of a media message; the media kind is kept', async () => {
    await t.send(
      mediaUpdate({ voice: { file_id: 'voice-2', file_unique_id: 'v2', duration: 5 }, caption: 'Idea for the garden' }),
    );
    expect(await entries()).toMatchObject([
      { content: 'Idea for the garden', media_kind: 'voice_note', media_file_id: 'voice-2' },
    ]);
  });

  it('keeps stickers and service messages out, and hints about the sticker', async () => {
    await t.send(
      mediaUpdate({
        sticker: {
          file_id: 's',
          file_unique_id: 's',
          type: 'regular',
          width: 1,
          height: 1,
          is_animated: false,
          is_video: false,
        },
      }),
    );
    await t.send(mediaUpdate({ new_chat_title: 'Renamed' }));
    expect(await entries()).toEqual([]);
    expect(t.api.callsTo('sendMessage')[0]!.payload.text).toMatch(/not stickers/);
  });

  it('stores hashtags from Telegram entities and #word, lower case, and follows edits', async () => {
    const text = 'Long day #Work, then #family dinner #2024';
    await t.send({
      message: {
        ...textUpdate(text, { messageId: 70 }).message,
        entities: [{ type: 'hashtag', offset: 9, length: 5 }],
      },
    });
    const [entry] = await entries();
    expect(await tagsOf(entry!.id)).toEqual(['family', 'work']);
    await t.send(editUpdate('Long day #rest', 70));
    expect(await tagsOf(entry!.id)).toEqual(['rest']);
  });
});
