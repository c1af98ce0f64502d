// The day page shows a kept photo as a thumbnail (long edge 640 px, WebP) linking to the whole photo; the thumbnail
// goes to the owner's session only (right type, nosniff, private cache, the CSP), and a photo sharp cannot read is
// answered with its own bytes, never an error. In the Mini App (whose <img> sends no initData) each medium's address
// carries a grant for that one medium of that owner, for an hour. On each store. A photo over the pixel limit is
// answered with its own bytes too (never decoded); a burst of thumbnails beyond the owner's share gets 429 while the
// server keeps answering pages, whole media and the stylesheet.
import { randomBytes } from 'node:crypto';
import { sign } from '@tma.js/init-data-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.ts';
import { writeBlob } from '../../src/db/media-blobs.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { MAX_INPUT_PIXELS } from '../../src/journal/media/scaled-image.ts';
import { webJournalFor, webLoginLinks } from '../../src/wiring/journal-web-view.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { createWebAuth } from '../../src/web/web-auth.ts';
import type { WebJournal } from '../../src/web/web-journal.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import { createWebView } from '../../src/web/web-view.ts';
import { blackPng } from '../helpers/black-png.ts';
import { describeStores } from '../helpers/stores.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { serveWebDemo, type WebDemoServer, signIn } from '../helpers/web-demo.ts';

const OTHER_OWNER = 222;
const NOW = new Date('2024-04-15T12:00:00Z');

/** A photo entry whose bytes are kept, as the media download leaves it. */
async function keptPhoto(
  db: JournalDb,
  messageId: number,
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<string> {
  const id = await storeEntry(
    db,
    {
      ownerId: OWNER_ID,
      source: 'live',
      chatId: OWNER_ID,
      messageId,
      writtenAt: NOW,
      text: '[photo]',
      media: [
        {
          kind: 'photo',
          mimeType: 'image/jpeg',
          fileId: `f-${messageId}`,
          fileName: null,
          durationSeconds: null,
          fileSize: bytes.length,
          ...size,
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

describeStores('web view thumbnails', (store) => {
  let temp: TempDb;
  let web: WebDemoServer;
  let photo: string;
  let broken: string;
  let session: string;
  const photoBytes = { current: Buffer.alloc(0) };
  const brokenBytes = randomBytes(4_000);

  beforeAll(async () => {
    temp = await createTempDb(store);
    // A photo twice the thumbnail: 1280×960, a gradient so it does not compress to nothing.
    const raw = Buffer.alloc(1280 * 960 * 3);
    for (let i = 0; i < raw.length; i += 3) raw[i] = (i / 3) % 256;
    photoBytes.current = await sharp(raw, { raw: { width: 1280, height: 960, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    photo = await keptPhoto(temp.db, 1, photoBytes.current, { width: 1280, height: 960 });
    broken = await keptPhoto(temp.db, 2, brokenBytes, { width: 800, height: 600 });
    web = await serveWebDemo(temp.db, {
      TELEGRAM_BOT_TOKEN: TEST_TOKEN,
      ALLOWED_USER_IDS: `${OWNER_ID},${OTHER_OWNER}`,
    });
    session = await signIn(web, OWNER_ID);
  }, 60_000);

  afterAll(async () => {
    await web?.server.close();
    await temp?.cleanup();
  });

  it('shows the thumbnail in the day page, sized as it will be, linking to the whole photo', async () => {
    const day = await (await fetch(`${web.url}/day/2024-04-15`, { headers: { cookie: session } })).text();
    // Shown at 320 px (pages.ts PHOTO_DISPLAY_EDGE), from the 640 px thumbnail: sharp at a phone's twice the pixels.
    expect(day).toContain(
      `<a class="photo" href="/media/${photo}"><img src="/media/${photo}/thumbnail" alt="Photo of the entry" loading="lazy" width="320" height="240"></a>`,
    );
  });

  it("gives the owner's session a 640 px WebP of the photo, privately, and the whole photo at its own path", async () => {
    const res = await fetch(`${web.url}/media/${photo}/thumbnail`, { headers: { cookie: session } });
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(
        ['content-type', 'x-content-type-options', 'cache-control', 'content-security-policy'].map((h) => [
          h,
          res.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
      'content-security-policy': expect.stringMatching(/^default-src 'self'(;|$)/),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const seen = await sharp(bytes).metadata();
    expect([seen.format, seen.width, seen.height]).toEqual(['webp', 640, 480]);
    expect(bytes.length).toBeLessThan(photoBytes.current.length);
    const whole = await fetch(`${web.url}/media/${photo}`, { headers: { cookie: session } });
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(photoBytes.current);
  });

  it('answers a photo sharp cannot read with its own bytes, not an error', async () => {
    const res = await fetch(`${web.url}/media/${broken}/thumbnail`, { headers: { cookie: session } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(brokenBytes);
  });

  it('answers a photo over the pixel limit with its own bytes, never decoding it', async () => {
    // 12000 × 9000 = 108 MP: over the limit, though under sharp's own default (268 MP), which would decode it.
    const huge = blackPng(12_000, 9_000);
    expect(12_000 * 9_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(await sharp(huge, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 12_000,
      height: 9_000,
    });
    const sha = await keptPhoto(temp.db, 3, huge, { width: 12_000, height: 9_000 });
    const res = await fetch(`${web.url}/media/${sha}/thumbnail`, { headers: { cookie: session } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg'); // the type the medium was kept with
    expect(Buffer.from(await res.arrayBuffer())).toEqual(huge);
  });

  it('gives nothing without the session (401), and nothing to another owner (404)', async () => {
    const anonymous = await fetch(`${web.url}/media/${photo}/thumbnail`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^text\/html/);
    const other = await signIn(web, OTHER_OWNER);
    const theirs = await fetch(`${web.url}/media/${photo}/thumbnail`, { headers: { cookie: other } });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it("gives the Mini App's media addresses a grant for that one medium, which opens nothing else", async () => {
    const initData = sign({ user: { id: OWNER_ID, first_name: 'Owner' } }, TEST_TOKEN, new Date());
    const day = await (
      await fetch(`${web.url}/day/2024-04-15`, { headers: { authorization: `tma ${initData}` } })
    ).text();
    const src = new RegExp(`<img src="(/media/${photo}/thumbnail\\?grant=[^"]+)"`).exec(day)?.[1];
    expect(src).toBeDefined();
    const href = new RegExp(`<a class="photo" href="(/media/${photo}\\?grant=[^"]+)"`).exec(day)![1]!;
    // No header, no cookie: as an <img> inside Telegram asks.
    const thumbnail = await fetch(`${web.url}${src!.replaceAll('&#38;', '&')}`);
    expect(thumbnail.status).toBe(200);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(640);
    expect(Buffer.from(await (await fetch(`${web.url}${href}`)).arrayBuffer())).toEqual(photoBytes.current);
    const grant = new URL(src!, web.url).searchParams.get('grant')!;
    // The grant opens neither another medium nor any page, and a changed one opens nothing.
    expect((await fetch(`${web.url}/media/${broken}?grant=${grant}`)).status).toBe(401);
    expect((await fetch(`${web.url}/day/2024-04-15?grant=${grant}`)).status).toBe(401);
    const forged = grant.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(`${web.url}/media/${photo}/thumbnail?grant=${forged}`)).status).toBe(401);
    // A browser signed in with a cookie needs no grant: its pages' addresses carry none.
    const local = await (await fetch(`${web.url}/day/2024-04-15`, { headers: { cookie: session } })).text();
    expect(local).not.toContain('grant=');
  });

  it('ends a grant after an hour (rounded up to ten minutes), and with the owner no longer allowed', () => {
    let now = new Date('2024-04-15T11:55:00Z');
    const auth = createWebAuth({
      botToken: TEST_TOKEN,
      allowedUserIds: [OWNER_ID],
      clock: () => now,
      links: webLoginLinks(temp.db, () => now),
    });
    const grant = auth.mediaGrant(OWNER_ID, photo);
    expect(auth.grantedOwner(photo, grant)).toBe(OWNER_ID);
    expect(auth.grantedOwner(broken, grant)).toBeNull();
    // Another instance with the same bot token accepts it (several instances behind one URL).
    expect(
      createWebAuth({
        botToken: TEST_TOKEN,
        allowedUserIds: [OWNER_ID],
        clock: () => now,
        links: webLoginLinks(temp.db, () => now),
      }).grantedOwner(photo, grant),
    ).toBe(OWNER_ID);
    expect(
      createWebAuth({
        botToken: TEST_TOKEN,
        allowedUserIds: [OTHER_OWNER],
        clock: () => now,
        links: webLoginLinks(temp.db, () => now),
      }).grantedOwner(photo, grant),
    ).toBeNull();
    expect(
      createWebAuth({
        botToken: '654321:another-bot-token',
        allowedUserIds: [OWNER_ID],
        clock: () => now,
        links: webLoginLinks(temp.db, () => now),
      }).grantedOwner(photo, grant),
    ).toBeNull();
    // Made a few minutes on, the grant is the same: the page's addresses stay cached.
    now = new Date('2024-04-15T11:59:00Z');
    expect(auth.mediaGrant(OWNER_ID, photo)).toBe(grant);
    now = new Date('2024-04-15T12:59:59Z');
    expect(auth.grantedOwner(photo, grant)).toBe(OWNER_ID);
    now = new Date('2024-04-15T13:00:00Z');
    expect(auth.grantedOwner(photo, grant)).toBeNull();
  });
});

describe('a burst of thumbnails', () => {
  let temp: TempDb;
  let server: WebServer;
  let url: string;
  let photo: string;
  let session: string;
  let opened!: () => void;
  const gate = new Promise<void>((resolve) => (opened = resolve));
  let held = 0;
  let auth: ReturnType<typeof createWebAuth>;

  beforeAll(async () => {
    temp = await createTempDb('sqlite');
    auth = createWebAuth({
      botToken: TEST_TOKEN,
      allowedUserIds: [OWNER_ID],
      clock: () => new Date(),
      links: webLoginLinks(temp.db, () => new Date()),
    });
    photo = await keptPhoto(
      temp.db,
      1,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#963' } })
        .jpeg()
        .toBuffer(),
      { width: 800, height: 600 },
    );
    const config = parseConfig({ JOURNAL_TIMEZONE: 'UTC', ALLOWED_USER_IDS: String(OWNER_ID) });
    const logger = createMemoryLogger();
    const real = webJournalFor({ config, db: temp.db, clock: () => NOW, logger });
    // The real journal, its thumbnails held until the test opens the gate: the burst stays in hand.
    const journalFor = (ownerId: number): WebJournal => {
      const journal = real(ownerId);
      return {
        ...journal,
        thumbnail: async (sha256, longEdge) => ((held += 1), await gate, journal.thumbnail(sha256, longEdge)),
      };
    };
    const view = createWebView({
      auth,
      journalFor,
      logger,
      embedding: 'nobody',
      publicOrigins: [],
      loopbackOnly: true,
      maxInFlightPerCaller: 6,
      maxThumbnailsPerCaller: 8,
    });
    server = await startWebServer(view, { port: 0, host: '127.0.0.1', logger });
    url = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${url}${await view.loginPath(OWNER_ID)}`, { redirect: 'manual' });
    session = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, 60_000);

  afterAll(async () => {
    opened();
    await server?.close();
    await temp?.cleanup();
  });

  it("refuses thumbnails beyond the owner's share (429), a grant's counting for its owner, while the rest is answered", async () => {
    let refused = 0;
    const ask = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { headers }).then(async (res) => {
        if (res.status === 429 && res.headers.get('retry-after') === '1') refused += 1;
        return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
      });
    const burst = Array.from({ length: 30 }, () => ask(`/media/${photo}/thumbnail`, { cookie: session }));
    // Eight in hand wait to be scaled; the other 22 are refused at once.
    await expect.poll(() => refused, { timeout: 30_000 }).toBe(22);
    expect(held).toBe(8);
    // The Mini App's <img>, with a grant and no session: its own share of eight for the owner, then refused too.
    const grant = auth.mediaGrant(OWNER_ID, photo);
    const granted = Array.from({ length: 10 }, () => ask(`/media/${photo}/thumbnail?grant=${grant}`));
    await expect.poll(() => refused, { timeout: 30_000 }).toBe(24);
    expect(held).toBe(16);
    // Meanwhile the server answers: the stylesheet, a page of the same session, the whole photo (streamed, no share).
    expect((await fetch(`${url}/assets/app.css`)).status).toBe(200);
    expect((await fetch(`${url}/day/2024-04-15`, { headers: { cookie: session } })).status).toBe(200);
    expect((await ask(`/media/${photo}`, { cookie: session })).status).toBe(200);
    opened();
    const answered = await Promise.all([...burst, ...granted]);
    const scaled = answered.filter((a) => a.status === 200);
    expect(scaled).toHaveLength(16);
    expect((await sharp(scaled[0]!.bytes).metadata()).format).toBe('webp');
    // Once they are answered, the share is free again.
    expect((await ask(`/media/${photo}/thumbnail`, { cookie: session })).status).toBe(200);
  });
});
