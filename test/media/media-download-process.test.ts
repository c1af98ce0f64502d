// The real bot process (`src/main.ts`) downloading a photo's bytes against the Bot API stand-in: killed in the middle
// of a download and started again, and on a full disk (a 2 MB tmpfs). The entry is stored at once either way; the
// bytes arrive in the end, whole.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { mountSmallDisk } from '../helpers/small-disk.ts';
import { startBot, storedMessageIds, waitForStderr, waitUntil } from '../helpers/bot-process.ts';
import { PROCESS_TEST_MS, PROCESS_WAIT_MS } from '../helpers/run-entry-point.ts';
import { mediaUpdate, textUpdate } from '../helpers/updates.ts';

const harness = botApiPerTest('journal-media-process-');

const photoUpdate = (fileId: string, size: number, messageId: number) =>
  mediaUpdate(
    { photo: [{ file_id: fileId, file_unique_id: fileId, width: 800, height: 600, file_size: size }] },
    { messageId },
  );

/** The photo's row as the bot left it, read through a connection of our own. */
async function photoRow(dbPath: string): Promise<{ state: string; sha256: string | null } | undefined> {
  let db: ReturnType<typeof openDatabase> | undefined;
  try {
    db = openDatabase(dbPath);
    return await db.selectFrom('entry_media').select(['state', 'sha256']).executeTakeFirst();
  } catch {
    return undefined; // not migrated yet
  } finally {
    await db?.destroy();
  }
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('media downloads in the real bot', () => {
  it(
    'killed in the middle of a download: the entry was stored at once, and after a restart the bytes arrive whole',
    async () => {
      const dbPath = path.join(harness.dir, 'journal.sqlite');
      const bytes = randomBytes(600_000);
      harness.api.addFile('photo-1', bytes);
      const stalled = harness.api.stallFile('photo-1', 100_000, new Promise(() => undefined)); // never finishes
      harness.api.queueUpdate(photoUpdate('photo-1', bytes.length, 1));
      harness.api.queueUpdate(textUpdate('written while the photo downloads', { messageId: 2 }));
      const first = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url });
      try {
        await stalled.started;
        // Capture did not wait for the download: both messages are entries while it hangs.
        await waitUntil(async () => (await storedMessageIds(dbPath)).length === 2, PROCESS_WAIT_MS, 'both entries');
        expect(await photoRow(dbPath)).toEqual({ state: 'pending', sha256: null });
      } finally {
        first.child.kill('SIGKILL');
      }
      await first.done;
      const second = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url });
      try {
        await waitUntil(async () => (await photoRow(dbPath))?.state === 'kept', PROCESS_WAIT_MS, 'the photo kept');
      } finally {
        second.child.kill('SIGTERM');
      }
      const result = await second.done;
      expect(result.stderr).toMatch(/"media.resumed"/); // its own claim was taken back at start, not after it ran out
      expect(await photoRow(dbPath)).toEqual({ state: 'kept', sha256: sha(bytes) });
      expect(await storedMessageIds(dbPath)).toEqual([1, 2]);
    },
    PROCESS_TEST_MS,
  );

  it(
    'a disk that fills up during a download: the download is retried, and the bytes are kept once space is freed',
    async (ctx) => {
      const disk = mountSmallDisk(harness.dir, ctx);
      const dbPath = path.join(disk.dir, 'journal.sqlite');
      const bytes = randomBytes(400_000);
      harness.api.addFile('photo-2', bytes);
      const bot = startBot({ cwd: harness.dir, dbPath, apiRoot: harness.api.url });
      try {
        await harness.api.waitFor((calls) => calls.some((c) => c.method === 'getUpdates'), PROCESS_WAIT_MS); // migrated, polling
        disk.fillLeaving(150 * 1024); // room for the entry, not for the photo
        harness.api.queueUpdate(photoUpdate('photo-2', bytes.length, 1));
        await waitForStderr(bot, /"media.failed"/, PROCESS_WAIT_MS);
        expect(await storedMessageIds(dbPath)).toEqual([1]); // the entry itself is safe
        disk.free();
        await waitUntil(async () => (await photoRow(dbPath))?.state === 'kept', PROCESS_WAIT_MS, 'the photo kept');
        expect(await photoRow(dbPath)).toEqual({ state: 'kept', sha256: sha(bytes) });
      } finally {
        bot.child.kill('SIGTERM');
        await bot.done;
        disk.unmount();
      }
      expect((await bot.done).stderr).toMatch(/full/);
    },
    PROCESS_TEST_MS,
  );
});
