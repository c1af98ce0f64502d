// Photos, voice notes and albums sent to the bot keep their bytes in the journal: downloaded after capture through
// the Bot API stand-in, content-addressed and shared, and given back exactly by `journal media` (a real process).
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { mediaUpdate, OWNER_ID, textUpdate } from '../helpers/updates.ts';
import { PROCESS_TEST_MS, runEntryPoint, startEntryPoint } from '../helpers/run-entry-point.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ MEDIA_MAX_BYTES: String(200_000) });
});
afterEach(() => t.close());

const photo = (fileId: string, size: number, extra: Record<string, unknown> = {}, messageId?: number) =>
  mediaUpdate(
    {
      photo: [
        { file_id: `${fileId}-small`, file_unique_id: `${fileId}-s`, width: 90, height: 60 },
        { file_id: fileId, file_unique_id: fileId, width: 1280, height: 853, file_size: size },
      ],
      ...extra,
    },
    messageId === undefined ? {} : { messageId },
  );
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `journal media` as a real process: its stdout as bytes, its stderr and exit code. */
async function journalMedia(args: string[]): Promise<{ code: number | null; bytes: Buffer; stderr: string }> {
  const running = startEntryPoint('src/cli/journal.ts', ['media', ...args, '--owner', String(OWNER_ID)], {
    cwd: t.temp.dir,
    env: { DATABASE_PATH: t.temp.file, ...(t.config.journalKey ? { JOURNAL_KEY: t.config.journalKey } : {}) },
  });
  const chunks: Buffer[] = [];
  running.child.stdout!.on('data', (d: Buffer) => chunks.push(d));
  const result = await running.done;
  return { code: result.code, bytes: Buffer.concat(chunks), stderr: result.stderr };
}

describe('media kept in the journal', () => {
  it(
    'a photo, a voice note and a 3-photo album are three entries, and `journal media` gives each file’s exact bytes (the album’s in order)',
    async () => {
      const files = {
        p: randomBytes(150_000),
        v: randomBytes(9_000),
        a0: randomBytes(3_000),
        a1: randomBytes(4_000),
        a2: randomBytes(5_000),
      };
      t.api.addFile('photo-big', files.p);
      t.api.addFile('voice-1', files.v);
      for (const i of [0, 1, 2]) t.api.addFile(`album-${i}`, files[`a${i}` as 'a0']);
      await t.send(photo('photo-big', files.p.length, { caption: 'Lisbon, the table by the window' }));
      await t.send(
        mediaUpdate({
          voice: {
            file_id: 'voice-1',
            file_unique_id: 'v1',
            duration: 42,
            mime_type: 'audio/ogg',
            file_size: files.v.length,
          },
        }),
      );
      // The album: three messages of one media group, the caption on the first.
      await t.send(photo('album-0', 3_000, { media_group_id: 'g1', caption: 'Three views of the bay' }, 501));
      await t.send(photo('album-1', 4_000, { media_group_id: 'g1' }, 502));
      await t.send(photo('album-2', 5_000, { media_group_id: 'g1' }, 503));
      await t.send(photo('album-1', 4_000, { media_group_id: 'g1' }, 502)); // a redelivered part adds nothing
      await t.app.mediaDownloads.runDue();

      const entries = await t.temp.db.selectFrom('entry').select(['id', 'content']).orderBy('id').execute();
      expect(entries.map((e) => e.content)).toEqual([
        'Lisbon, the table by the window',
        '[voice note 0:42]',
        'Three views of the bay',
      ]);
      const media = await t.temp.db
        .selectFrom('entry_media')
        .select(['entry_id', 'position', 'kind', 'state', 'sha256', 'size', 'width', 'height', 'mime_type'])
        .orderBy('entry_id')
        .orderBy('position')
        .execute();
      expect(media).toEqual([
        {
          entry_id: entries[0]!.id,
          position: 0,
          kind: 'photo',
          state: 'kept',
          sha256: sha(files.p),
          size: 150_000,
          width: 1280,
          height: 853,
          mime_type: 'image/jpeg',
        },
        {
          entry_id: entries[1]!.id,
          position: 0,
          kind: 'voice_note',
          state: 'kept',
          sha256: sha(files.v),
          size: 9_000,
          width: null,
          height: null,
          mime_type: 'audio/ogg',
        },
        ...[0, 1, 2].map((i) => ({
          entry_id: entries[2]!.id,
          position: i,
          kind: 'photo',
          state: 'kept',
          sha256: sha(files[`a${i}` as 'a0']),
          size: 3_000 + i * 1000,
          width: 1280,
          height: 853,
          mime_type: 'image/jpeg',
        })),
      ]);
      // The smaller sizes Telegram sends are never fetched: only the largest is kept.
      expect(
        t.api
          .callsTo('getFile')
          .map((c) => c.payload.file_id)
          .sort(),
      ).toEqual(['album-0', 'album-1', 'album-2', 'photo-big', 'voice-1']);

      expect(await journalMedia([String(entries[0]!.id)])).toMatchObject({ code: 0, bytes: files.p });
      expect(await journalMedia([String(entries[1]!.id)])).toMatchObject({ code: 0, bytes: files.v });
      for (const i of [0, 1, 2])
        expect(await journalMedia([String(entries[2]!.id), '--index', String(i)])).toMatchObject({
          code: 0,
          bytes: files[`a${i}` as 'a0'],
        });
      const none = await journalMedia([String(entries[2]!.id), '--index', '3']);
      expect(none).toMatchObject({ code: 1, bytes: Buffer.alloc(0) });
      expect(none.stderr.trim()).toBe(
        `Entry ${entries[2]!.id} has 3 media (--index 0 to 2); there is none at --index 3.`,
      );
    },
    PROCESS_TEST_MS,
  );

  it('the same bytes sent twice are kept once; a file over MEDIA_MAX_BYTES stays a Telegram reference and says so', async () => {
    const bytes = randomBytes(10_000);
    t.api.addFile('twice-a', bytes);
    t.api.addFile('twice-b', bytes);
    await t.send(photo('twice-a', bytes.length));
    await t.send(photo('twice-b', bytes.length));
    await t.send(
      mediaUpdate({
        video: { file_id: 'huge', file_unique_id: 'h', width: 1, height: 1, duration: 60, file_size: 300_000 },
      }),
    );
    await t.app.mediaDownloads.runDue();
    expect(await t.temp.db.selectFrom('media_blob').select(['sha256', 'size']).execute()).toEqual([
      { sha256: sha(bytes), size: 10_000 },
    ]);
    const huge = await t.temp.db
      .selectFrom('entry_media')
      .select(['state', 'note'])
      .where('kind', '=', 'video')
      .executeTakeFirstOrThrow();
    expect(huge).toEqual({
      state: 'reference',
      note: 'larger than MEDIA_MAX_BYTES (195.3 kB): kept as a Telegram reference only',
    });
    expect(t.api.callsTo('getFile').map((c) => c.payload.file_id)).not.toContain('huge');
  });

  it('a failed download never blocks capture or loses the entry: the label stays, the download is retried until the bytes arrive', async () => {
    const bytes = randomBytes(20_000);
    // Not served yet: getFile fails as Telegram does for an unknown file.
    await t.send(photo('later', bytes.length));
    await t.send(textUpdate('written while the photo waits'));
    await t.app.mediaDownloads.runDue();
    expect(
      (await t.temp.db.selectFrom('entry').select('content').orderBy('id').execute()).map((e) => e.content),
    ).toEqual(['[photo]', 'written while the photo waits']);
    const waiting = await t.temp.db
      .selectFrom('entry_media')
      .select(['state', 'attempts', 'next_at', 'last_error'])
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting.last_error).toMatch(/getFile failed/);
    // Due again after its pause: the test's clock stands still, so the row is made due by hand.
    t.api.addFile('later', bytes);
    await t.temp.db.updateTable('entry_media').set({ next_at: '2000-01-01T00:00:00.000Z' }).execute();
    await t.app.mediaDownloads.runDue();
    expect(await t.temp.db.selectFrom('entry_media').select(['state', 'sha256']).executeTakeFirstOrThrow()).toEqual({
      state: 'kept',
      sha256: sha(bytes),
    });
  });

  it(
    '`journal media` of an entry without media, or of media not kept, is a sentence on stderr and exit code 1',
    async () => {
      await t.send(textUpdate('only words'));
      await t.send(
        mediaUpdate({ document: { file_id: 'gone', file_unique_id: 'g', file_name: 'notes.pdf', file_size: 900_000 } }),
      );
      const words = await runEntryPoint('src/cli/journal.ts', ['media', '1', '--owner', String(OWNER_ID)], {
        cwd: t.temp.dir,
        env: { DATABASE_PATH: t.temp.file, ...(t.config.journalKey ? { JOURNAL_KEY: t.config.journalKey } : {}) },
      });
      expect(words).toMatchObject({ code: 1, stdout: '' });
      expect(words.stderr.trim()).toBe('Entry 1 has no media.');
      const big = await runEntryPoint('src/cli/journal.ts', ['media', '2', '--owner', String(OWNER_ID)], {
        cwd: t.temp.dir,
        env: { DATABASE_PATH: t.temp.file, ...(t.config.journalKey ? { JOURNAL_KEY: t.config.journalKey } : {}) },
      });
      expect(big).toMatchObject({ code: 1, stdout: '' });
      expect(big.stderr.trim()).toBe(
        'The file of entry 2 (--index 0) has no bytes in the journal: larger than MEDIA_MAX_BYTES (195.3 kB): kept as a Telegram reference only.',
      );
    },
    PROCESS_TEST_MS,
  );
});
