// One journal's export to a folder (npm run export -- --journal <name> --out <folder>/, and /export in a topic)
// writes that journal's media alone into media/: another journal's photo is never in it.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { exportJournal } from '../../src/export/export-journal.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 111;
const NOW = new Date('2024-04-15T12:00:00Z');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

/** An entry with a photo whose bytes are kept, in `journal` ('' is the main journal). */
async function photoEntry(messageId: number, journal: string, bytes: Buffer) {
  const id = await storeEntry(
    temp.db,
    {
      ownerId: OWNER,
      source: 'live',
      chatId: OWNER,
      messageId,
      writtenAt: NOW,
      text: `photo ${messageId}`,
      media: [
        {
          kind: 'photo',
          fileId: `p${messageId}`,
          fileName: null,
          durationSeconds: null,
          fileSize: bytes.length,
          mimeType: 'image/jpeg',
        },
      ],
    },
    { timeZone: 'UTC', now: NOW },
  );
  await temp.db.updateTable('entry').set({ journal }).where('id', '=', id!).execute();
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
}

it("one journal's export folder holds that journal's media alone; the whole export holds both", async () => {
  const dream = randomBytes(5_000);
  const lunch = randomBytes(6_000);
  await photoEntry(1, 'Dreams', dream);
  await photoEntry(2, '', lunch);
  const base = { ownerId: OWNER, format: 'json' as const, timeZone: 'UTC', dayStartsAt: '00:00', now: NOW };
  const dreams = path.join(temp.dir, 'dreams');
  await exportJournal(temp.db, { ...base, out: { dir: dreams }, journal: 'Dreams' });
  expect(readdirSync(path.join(dreams, 'media'))).toEqual([`${sha(dream)}.jpg`]);
  const all = path.join(temp.dir, 'all');
  await exportJournal(temp.db, { ...base, out: { dir: all } });
  expect(readdirSync(path.join(all, 'media')).sort()).toEqual([`${sha(dream)}.jpg`, `${sha(lunch)}.jpg`].sort());
});
