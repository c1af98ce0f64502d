// The web view's day page shows a kept photo in <img> and plays a kept voice note in <audio>; their sources give the
// kept bytes to the owner's session (right type, nosniff, private cache, the CSP) and nothing without it, or to
// another owner. On each store.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { serveWebDemo, type WebDemoServer, signIn } from '../helpers/web-demo.ts';

const OTHER_OWNER = 222;
const NOW = new Date('2024-04-15T12:00:00Z');
const photoBytes = randomBytes(5_000);
const voiceBytes = randomBytes(3_000);

/** A captured entry whose one medium's bytes are kept. */
async function keptEntry(
  db: TempDb['db'],
  ownerId: number,
  messageId: number,
  media: { kind: 'photo' | 'voice_note'; mimeType: string },
  bytes: Buffer,
): Promise<string> {
  const id = await storeEntry(
    db,
    {
      ownerId,
      source: 'live',
      chatId: ownerId,
      messageId,
      writtenAt: NOW,
      text: `[${media.kind === 'photo' ? 'photo' : 'voice note 0:03'}]`,
      media: [
        {
          ...media,
          fileId: `f-${messageId}`,
          fileName: null,
          durationSeconds: media.kind === 'photo' ? null : 3,
          fileSize: bytes.length,
          width: media.kind === 'photo' ? 40 : null,
          height: media.kind === 'photo' ? 30 : null,
        },
      ],
    },
    { timeZone: 'UTC', now: NOW },
  );
  const medium = await db.selectFrom('entry_media').select('id').where('entry_id', '=', id!).executeTakeFirstOrThrow();
  const blob = await writeBlob(db, medium.id, [bytes], {
    now: NOW,
    onKept: async (trx, b) =>
      void (await trx
        .updateTable('entry_media')
        .set({ sha256: b.sha256, state: 'kept', next_at: null })
        .where('id', '=', medium.id)
        .execute()),
  });
  return blob.sha256;
}

describeStores('web view media', (store) => {
  let temp: TempDb;
  let web: WebDemoServer;
  let photo: string;
  let voice: string;
  let session: string;

  beforeAll(async () => {
    temp = await createTempDb(store);
    photo = await keptEntry(temp.db, OWNER_ID, 1, { kind: 'photo', mimeType: 'image/jpeg' }, photoBytes);
    voice = await keptEntry(temp.db, OWNER_ID, 2, { kind: 'voice_note', mimeType: 'audio/ogg' }, voiceBytes);
    web = await serveWebDemo(temp.db, { ALLOWED_USER_IDS: `${OWNER_ID},${OTHER_OWNER}` });
    session = await signIn(web, OWNER_ID);
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  it("shows the photo in <img> and the voice note in <audio>, whose sources give the owner's session the kept bytes", async () => {
    const day = await (await fetch(`${web.url}/day/2024-04-15`, { headers: { cookie: session } })).text();
    expect(day).toContain(
      `<a class="photo" href="/media/${photo}"><img src="/media/${photo}/thumbnail" alt="Photo of the entry" loading="lazy" width="40" height="30"></a>`,
    );
    expect(day).toContain(`<audio controls preload="none" src="/media/${voice}"></audio>`);
    for (const [sha, bytes, type] of [
      [photo, photoBytes, 'image/jpeg'],
      [voice, voiceBytes, 'audio/ogg'],
    ] as const) {
      const res = await fetch(`${web.url}/media/${sha}`, { headers: { cookie: session } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
      expect(
        Object.fromEntries(
          ['content-type', 'x-content-type-options', 'cache-control', 'content-security-policy'].map((h) => [
            h,
            res.headers.get(h),
          ]),
        ),
      ).toEqual({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=3600',
        'content-security-policy': expect.stringMatching(/^default-src 'self'(;|$)/),
      });
    }
  });

  it('gives nothing without the session (401), and nothing to another owner (404)', async () => {
    const anonymous = await fetch(`${web.url}/media/${photo}`);
    expect(anonymous.status).toBe(401);
    expect(Buffer.from(await anonymous.arrayBuffer()).includes(photoBytes.subarray(0, 64))).toBe(false);
    const otherSession = await signIn(web, OTHER_OWNER);
    const theirs = await fetch(`${web.url}/media/${photo}`, { headers: { cookie: otherSession } });
    expect(theirs.status).toBe(404);
    expect(Buffer.from(await theirs.arrayBuffer()).includes(photoBytes.subarray(0, 64))).toBe(false);
  });
});
