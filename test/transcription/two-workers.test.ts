// Instances sharing one database each run a transcription worker. A voice note is transcribed once, whichever worker
// lists it first: the endpoint (a stand-in over real HTTP, answering slowly so the workers' runs overlap) counts the
// requests. A claim left by a worker that died is taken over once it runs out.
import { afterEach, expect, it } from 'vitest';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { claimTranscription, dueTranscriptions } from '../../src/journal/media/transcription-jobs.ts';
import { createTranscriber } from '../../src/transcription/transcriber.ts';
import { createTranscriptionWorker } from '../../src/transcription/transcription-worker.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { startTranscriptionStandIn, type TranscriptionStandIn } from '../stand-ins/transcription-api.ts';

const OWNER = 7;
const silent = { info: () => undefined, error: () => undefined };

let temp: TempDb | undefined;
let other: JournalDb | undefined;
let stt: TranscriptionStandIn | undefined;
afterEach(async () => {
  await other?.destroy();
  await temp?.cleanup();
  await stt?.close();
  other = temp = stt = undefined;
});

async function voiceNotes(db: JournalDb, count: number, now: Date): Promise<void> {
  for (let i = 1; i <= count; i++) {
    const media = {
      kind: 'voice_note' as const,
      fileId: `voice-${i}`,
      fileName: null,
      durationSeconds: 42,
      fileSize: 1000,
    };
    const draft = {
      ownerId: OWNER,
      source: 'live' as const,
      chatId: OWNER,
      messageId: i,
      writtenAt: now,
      text: '[voice note 0:42]',
      media: [media],
    };
    await storeEntry(db, draft, { timeZone: 'UTC', now, transcribe: true });
  }
}

function worker(db: JournalDb, url: string, clock: () => Date) {
  return createTranscriptionWorker({
    db,
    transcriber: createTranscriber({ url, apiKey: null }),
    download: async (fileId) => ({ bytes: new TextEncoder().encode(`audio of ${fileId}`), fileName: `${fileId}.ogg` }),
    clock,
    logger: silent,
  });
}

describeStores('transcription workers sharing a database', () => {
  it('two workers running at once transcribe each of five notes exactly once', async () => {
    const now = new Date('2024-06-01T12:00:00Z');
    temp = await createTempDb();
    other = temp.openAnother();
    stt = await startTranscriptionStandIn();
    stt.answerAfter(150);
    await voiceNotes(temp.db, 5, now);
    const [a, b] = [worker(temp.db, stt.url, () => now), worker(other, stt.url, () => now)];
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ra.transcribed + rb.transcribed).toBe(5);
    expect(stt.calls.map((c) => c.fileName).sort()).toEqual([
      'voice-1.ogg',
      'voice-2.ogg',
      'voice-3.ogg',
      'voice-4.ogg',
      'voice-5.ogg',
    ]);
    expect(await temp.db.selectFrom('transcription_job').selectAll().execute()).toEqual([]);
    const contents = await temp.db.selectFrom('entry').select('content').execute();
    expect(contents.map((e) => e.content)).toEqual(Array(5).fill('Transcript of the note'));
  });

  it("a dead worker's claim runs out and another worker transcribes the note", async () => {
    let now = new Date('2024-06-01T12:00:00Z');
    temp = await createTempDb();
    stt = await startTranscriptionStandIn();
    await voiceNotes(temp.db, 1, now);
    // A worker lists the job and claims it, then dies before transcribing.
    const [job] = await dueTranscriptions(temp.db, now, 20);
    expect(await claimTranscription(temp.db, job!, new Date(now.getTime() + 15 * 60_000))).toBe(true);
    // Its claim is also one no racing worker can take a second time.
    expect(await claimTranscription(temp.db, job!, new Date(now.getTime() + 15 * 60_000))).toBe(false);
    const survivor = worker(temp.db, stt.url, () => now);
    expect(await survivor.runDue()).toEqual({ transcribed: 0, postponed: 0 });
    now = new Date(now.getTime() + 15 * 60_000);
    expect(await survivor.runDue()).toEqual({ transcribed: 1, postponed: 0 });
    expect(stt.calls).toHaveLength(1);
  });
});
