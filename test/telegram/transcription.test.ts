// Voice and video notes transcribed through an OpenAI-compatible endpoint (a stand-in over real HTTP): the transcript
// becomes the entry's content and is searchable; a failed attempt leaves [voice note …] and is retried later.
import { afterEach, describe, expect, it } from 'vitest';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { startTranscriptionStandIn, type TranscriptionStandIn } from '../stand-ins/transcription-api.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { mediaUpdate, OWNER_ID } from '../helpers/updates.ts';
import { entriesWithMedia } from '../helpers/entry-media-columns.ts';

let t: TestApp;
let stt: TranscriptionStandIn;
let now: Date;
afterEach(async () => {
  await t.close();
  await stt.close();
});

async function start(env: Record<string, string> = {}) {
  stt = await startTranscriptionStandIn();
  now = new Date('2024-06-01T12:00:00Z');
  t = await createTestApp({ TRANSCRIBE_URL: stt.url, TRANSCRIBE_API_KEY: 'stt-key', ...env }, () => now);
}

const AUDIO = Buffer.from('OggS\u0000fake opus bytes of a voice note');
const voice = (fileId: string, fileSize = AUDIO.length) =>
  mediaUpdate({
    voice: {
      file_id: fileId,
      file_unique_id: `u-${fileId}`,
      duration: 42,
      mime_type: 'audio/ogg',
      file_size: fileSize,
    },
  });
const entry = async () => entriesWithMedia(t.temp.db).executeTakeFirstOrThrow();
const jobs = () => t.temp.db.selectFrom('transcription_job').selectAll().execute();

describe('transcription', () => {
  it('downloads the voice note through the Bot API, sends it to TRANSCRIBE_URL, and makes the transcript the searchable content', async () => {
    await start();
    stt.answer('Planted tomatoes by the fence #garden');
    t.api.addFile('voice-1', AUDIO);
    await t.send(voice('voice-1'));
    await t.app.transcription!.runDue();
    expect(await entry()).toMatchObject({
      content: 'Planted tomatoes by the fence #garden',
      title: 'Planted tomatoes by the fence #garden',
      media_kind: 'voice_note',
      media_file_id: 'voice-1',
      media_duration_seconds: 42,
      transcribed_at: '2024-06-01T12:00:00.000Z',
    });
    expect(stt.calls).toHaveLength(1);
    expect(stt.calls[0]).toMatchObject({ authorization: 'Bearer stt-key', model: 'whisper-1', bytes: AUDIO });
    expect(t.api.callsTo('getFile')[0]!.payload).toMatchObject({ file_id: 'voice-1' });
    const ops = createJournalOperations(t.temp.db, OWNER_ID);
    const found = await ops.invokeMethod('journal', 'search', { query: 'tomatoes' });
    expect(found.type === 'object' && (await ops.invokeMethod(found.objId, 'getTotalEntryCount', {}))).toMatchObject({
      value: 1,
    });
    expect(await t.temp.db.selectFrom('entry_tag').select('tag').execute()).toEqual([{ tag: 'garden' }]);
    expect(await jobs()).toEqual([]);
  });

  it('a failed transcription leaves [voice note 0:42], is retried later, and is never lost', async () => {
    await start();
    t.api.addFile('voice-2', AUDIO);
    stt.fail(2, 503);
    await t.send(voice('voice-2'));
    await t.app.transcription!.runDue();
    expect((await entry()).content).toBe('[voice note 0:42]');
    expect(await jobs()).toMatchObject([
      { attempts: 1, next_at: '2024-06-01T12:01:00.000Z', last_error: expect.stringMatching(/HTTP 503/) },
    ]);
    await t.app.transcription!.runDue(); // not due yet: nothing is sent
    expect(stt.calls).toHaveLength(1);
    now = new Date('2024-06-01T12:01:00Z');
    await t.app.transcription!.runDue();
    expect(await jobs()).toMatchObject([{ attempts: 2, next_at: '2024-06-01T12:03:00.000Z' }]);
    await t.restart(); // a restart keeps the job
    now = new Date('2024-06-01T12:05:00Z');
    await t.app.transcription!.runDue();
    expect(await entry()).toMatchObject({ content: 'Transcript of the note', media_kind: 'voice_note' });
    expect(stt.calls).toHaveLength(3);
    expect(t.logger.lines.filter((l) => l.includes('transcription.failed'))).toHaveLength(2);
  });

  it('transcribes video notes too, but not a captioned voice note, nor one over 20 MB', async () => {
    await start();
    t.api.addFile('vn', AUDIO);
    await t.send(mediaUpdate({ video_note: { file_id: 'vn', file_unique_id: 'u-vn', length: 240, duration: 15 } }));
    await t.send(
      mediaUpdate({ voice: { file_id: 'cap', file_unique_id: 'u-cap', duration: 3 }, caption: 'my own words' }),
    );
    await t.send(voice('huge', 25 * 1024 * 1024));
    expect((await jobs()).length).toBe(1);
    await t.app.transcription!.runDue();
    const rows = await entriesWithMedia(t.temp.db)
      .clearSelect()
      .select(['content', 'm.kind as media_kind'])
      .orderBy('entry.id')
      .execute();
    expect(rows).toEqual([
      { content: 'Transcript of the note', media_kind: 'video_note' },
      { content: 'my own words', media_kind: 'voice_note' },
      { content: '[voice note 0:42]', media_kind: 'voice_note' },
    ]);
  });

  it('without TRANSCRIBE_URL nothing is queued or sent', async () => {
    await start({ TRANSCRIBE_URL: '' });
    await t.send(voice('voice-3'));
    expect(t.app.transcription).toBeNull();
    expect(await jobs()).toEqual([]);
    expect(stt.calls).toEqual([]);
  });
});
