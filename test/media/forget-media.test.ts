// Forgetting removes a photo's bytes from every file beside the journal, unless another kept entry holds the same
// bytes; with JOURNAL_KEY no byte of a photo is in the clear in any file.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetEntry, forgetOwner } from '../../src/journal/forget/forget.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { mediaUpdate, OWNER_ID } from '../helpers/updates.ts';

let t: TestApp;
afterEach(() => t.close());

/** Whether any file beside the journal (the file, its -wal and -shm, anything else in its folder) holds `needle`. */
function anyFileHolds(dir: string, needle: Buffer): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => path.join(f.parentPath, f.name))
    .filter((file) => readFileSync(file).includes(needle));
}

async function sendPhoto(fileId: string, bytes: Buffer): Promise<number> {
  t.api.addFile(fileId, bytes);
  await t.send(
    mediaUpdate({
      photo: [{ file_id: fileId, file_unique_id: fileId, width: 10, height: 10, file_size: bytes.length }],
    }),
  );
  await t.app.mediaDownloads.runDue();
  const row = await t.temp.db
    .selectFrom('entry_media')
    .select(['entry_id', 'state'])
    .where('file_id', '=', fileId)
    .executeTakeFirstOrThrow();
  expect(row.state).toBe('kept');
  return row.entry_id;
}

describe('forgetting media', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('forgetting a photo’s entry leaves its bytes in no file beside the journal; bytes another entry holds stay', async () => {
    const bytes = randomBytes(40_000);
    const shared = randomBytes(30_000);
    const photo = await sendPhoto('alone', bytes);
    const first = await sendPhoto('shared-1', shared);
    await sendPhoto('shared-2', shared);
    const marker = bytes.subarray(10_000, 10_064);
    expect(anyFileHolds(t.temp.dir, marker).length).toBeGreaterThan(0);
    expect(await forgetEntry(t.temp.db, OWNER_ID, photo)).toMatchObject({ type: 'forgotten', purged: true });
    expect(anyFileHolds(t.temp.dir, marker)).toEqual([]);
    // The same bytes in another kept entry stay kept.
    await forgetEntry(t.temp.db, OWNER_ID, first);
    expect(await t.temp.db.selectFrom('media_blob').select('size').execute()).toEqual([{ size: 30_000 }]);
    // /forget everything takes the rest.
    await forgetOwner(t.temp.db, OWNER_ID);
    expect(await t.temp.db.selectFrom('media_chunk').select('blob').execute()).toEqual([]);
    expect(anyFileHolds(t.temp.dir, shared.subarray(5_000, 5_064))).toEqual([]);
  });
});

describe('with JOURNAL_KEY', () => {
  it('a photo sent to the bot is kept, and its bytes are in no file in the clear', async () => {
    // The test journal is opened with the key, and the app's configuration names it (as JOURNAL_KEY does).
    process.env.TEST_JOURNAL_KEY = 'correct horse battery staple';
    try {
      t = await createTestApp();
    } finally {
      delete process.env.TEST_JOURNAL_KEY;
    }
    expect(t.config.journalKey).toBe('correct horse battery staple');
    const bytes = randomBytes(40_000);
    await sendPhoto('secret', bytes);
    expect(await t.temp.db.selectFrom('media_blob').select('size').execute()).toEqual([{ size: 40_000 }]);
    for (const at of [0, 8_000, 16_000, 32_000])
      expect(anyFileHolds(t.temp.dir, bytes.subarray(at, at + 32))).toEqual([]);
  });
});
