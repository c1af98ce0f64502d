// A burst of hostile pictures of every accepted format against the real server process (npm run web, built), each
// generated here: a 9000×9000 AVIF (2 KB; decoded whole it is gigabytes of libheif's buffers), the same as HEIC, a
// 9000×9000 GIF, a GIF of 250 frames, a 9000×9000 WebP, TIFF and progressive JPEG, a 10000×10000 16-bit interlaced
// PNG, and an SVG of 5,000 blurred shapes. Every one is asked for twice at once, the owner's own photo meanwhile.
// The process's peak memory (VmHWM) stays within 400 MB of where it stood, the owner's photo gets its thumbnail while
// the hostile ones are handled, every hostile one is answered with its own bytes, its failure is kept in
// media_thumbnail, and asking again decodes nothing (the log's web.thumbnail_decode lines do not grow).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type SharpInput } from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { freePort, waitUntil } from '../helpers/bot-process.ts';
import { PROCESS_WAIT_MS, startEntryPoint, type RunningProcess } from '../helpers/run-entry-point.ts';
import { seedEntries } from '../helpers/seed-entries.ts';

const OWNER = 1000;
const MB = 1024 * 1024;

const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

const noProc = existsSync('/proc/self/status') ? null : 'no /proc to read the process memory from';

const flat = (width: number, height: number, background = '#336699') =>
  sharp({ create: { width, height, channels: 3, background } });

/** An ISO BMFF 'free' box: appended, it makes other bytes (another sha256) of the same picture. */
const freeBox = Buffer.from([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]);

async function hostilePictures(): Promise<{ name: string; mimeType: string; bytes: Buffer }[]> {
  const avif = await flat(9000, 9000).avif({ effort: 0, quality: 20 }).toBuffer();
  const heic = Buffer.concat([avif, freeBox]);
  heic.write('heic', 8, 'latin1'); // the major brand: HEIC
  const frames = Array.from({ length: 250 }, (_, i) => ({
    create: {
      width: 400,
      height: 400,
      channels: 3 as const,
      background: { r: i, g: (i * 37) % 256, b: (i * 91) % 256 },
    },
  }));
  const shapes = Array.from(
    { length: 5000 },
    (_, i) =>
      `<circle cx="${(i * 37) % 4000}" cy="${(i * 91) % 4000}" r="900" fill="#${(i * 4099).toString(16).padStart(6, '0').slice(-6)}" filter="url(#b)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="b"><feGaussianBlur stdDeviation="200"/></filter>${shapes}</svg>`;
  return [
    { name: 'avif', mimeType: 'image/avif', bytes: avif },
    { name: 'second avif', mimeType: 'image/avif', bytes: Buffer.concat([avif, freeBox, freeBox]) },
    { name: 'heic', mimeType: 'image/heic', bytes: heic },
    { name: 'gif', mimeType: 'image/gif', bytes: await flat(9000, 9000).gif({ effort: 1 }).toBuffer() },
    {
      name: 'gif frames',
      mimeType: 'image/gif',
      bytes: await sharp(frames as unknown as SharpInput[], { join: { animated: true } })
        .gif({ effort: 1 })
        .toBuffer(),
    },
    { name: 'webp', mimeType: 'image/webp', bytes: await flat(9000, 9000).webp({ effort: 0, quality: 10 }).toBuffer() },
    {
      name: 'png',
      mimeType: 'image/png',
      bytes: await flat(10_000, 10_000)
        .toColourspace('rgb16')
        .png({ progressive: true, compressionLevel: 9 })
        .toBuffer(),
    },
    { name: 'tiff', mimeType: 'image/tiff', bytes: await flat(9000, 9000).tiff({ compression: 'deflate' }).toBuffer() },
    {
      name: 'jpeg',
      mimeType: 'image/jpeg',
      bytes: await flat(9000, 9000).jpeg({ progressive: true, quality: 10 }).toBuffer(),
    },
    { name: 'svg', mimeType: 'image/svg+xml', bytes: Buffer.from(svg) },
  ];
}

async function keep(db: JournalDb, entryId: number, position: number, mimeType: string, bytes: Buffer) {
  const kept = await writeBlob(db, `w${position}`, [bytes], { now: new Date('2024-04-01T09:00:00Z') });
  await db
    .insertInto('entry_media')
    .values({
      entry_id: entryId,
      owner_id: OWNER,
      position,
      kind: 'file',
      sha256: kept.sha256,
      mime_type: mimeType,
      size: bytes.length,
      width: null,
      height: null,
      file_name: `picture-${position}`,
      state: 'kept',
    })
    .execute();
  return kept.sha256;
}

describe.skipIf(noProc !== null)(`hostile pictures of every format${noProc ? ` (skipped: ${noProc})` : ''}`, () => {
  let dir: string;
  let web: RunningProcess | undefined;

  afterEach(async () => {
    if (web && web.child.exitCode === null) {
      web.child.kill('SIGKILL');
      await web.done;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("stay within 400 MB, never starve the owner's photo, and are decoded once", { timeout: 300_000 }, async () => {
    const hostile = await hostilePictures();
    const photo = await flat(1200, 900, '#aa7744').jpeg({ quality: 80 }).toBuffer();

    dir = mkdtempSync(path.join(tmpdir(), 'journal-hostile-all-'));
    const file = path.join(dir, 'journal.sqlite');
    const db = openDatabase(file);
    await migrateToLatest(db);
    await seedEntries(db, OWNER, [['2024-04-01T09:00:00Z', 'pictures sent as documents']]);
    const entry = await db.selectFrom('entry').select('id').executeTakeFirstOrThrow();
    const hostileShas: string[] = [];
    for (const [i, picture] of hostile.entries())
      hostileShas.push(await keep(db, entry.id, i, picture.mimeType, picture.bytes));
    const photoSha = await keep(db, entry.id, hostile.length, 'image/jpeg', photo);
    await db.destroy();

    const port = await freePort();
    web = startEntryPoint('src/cli/web.ts', [], {
      cwd: dir,
      env: { DATABASE_PATH: file, WEB_PORT: String(port), ALLOWED_USER_IDS: String(OWNER) },
    });
    const running = web;
    await waitUntil(
      () => /login\?token=/.test(running.stdout()) || running.child.exitCode !== null,
      PROCESS_WAIT_MS,
      'the login link',
    );
    const link = new RegExp(`http://127\\.0\\.0\\.1:${port}/login\\?token=[\\w-]+`).exec(web.stdout())?.[0];
    expect(link, web.stderr()).toBeDefined();
    const cookie = ((await fetch(link!, { redirect: 'manual' })).headers.get('set-cookie') ?? '').split(';')[0]!;
    const thumbnail = (sha: string) =>
      fetch(`http://127.0.0.1:${port}/media/${sha}/thumbnail`, { headers: { cookie } });
    const decodes = () =>
      running
        .stderr()
        .split('\n')
        .filter((l) => l.includes('web.thumbnail_decode')).length;

    const pid = web.child.pid!;
    const before = memoryOf(pid, 'VmRSS');
    let hostileDone = 0;
    const burst = hostileShas.flatMap((sha) =>
      [1, 2].map(() =>
        thumbnail(sha).then(async (answer) => {
          const bytes = Buffer.from(await answer.arrayBuffer());
          hostileDone += 1;
          return { status: answer.status, bytes };
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const asked = Date.now();
    const own = await thumbnail(photoSha);
    const ownSeconds = (Date.now() - asked) / 1000;
    const ownPicture = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    const pendingWhenOwnAnswered = burst.length - hostileDone;
    expect([own.status, ownPicture.format, ownPicture.width]).toEqual([200, 'webp', 640]);
    expect(ownSeconds, `the owner's photo took ${ownSeconds} s`).toBeLessThan(15);

    const answers = await Promise.all(burst);
    for (const [i, answer] of answers.entries()) {
      const picture = hostile[Math.floor(i / 2)]!;
      expect([picture.name, answer.status, answer.bytes.equals(picture.bytes)]).toEqual([picture.name, 200, true]);
    }
    const peak = memoryOf(pid, 'VmHWM');
    console.log(
      `hostile burst: VmRSS before ${Math.round(before / MB)} MB, VmHWM after ${Math.round(peak / MB)} MB; ` +
        `the owner's photo in ${ownSeconds.toFixed(2)} s with ${pendingWhenOwnAnswered} hostile answers pending`,
    );
    expect((peak - before) / MB, `peak ${Math.round(peak / MB)} MB, before ${Math.round(before / MB)} MB`).toBeLessThan(
      400,
    );

    // Every failure is kept beside the media, and asking again decodes nothing.
    const check = openDatabase(file);
    try {
      const kept = await check.selectFrom('media_thumbnail').select(['sha256', 'data']).execute();
      for (const sha of hostileShas)
        expect(kept.find((row) => row.sha256 === sha)).toEqual({ sha256: sha, data: null });
    } finally {
      await check.destroy();
    }
    const decoded = decodes();
    // The SVG never reaches a decoder; the two requests of each other picture share one decode.
    expect(decoded).toBe(hostile.length - 1 + 1);
    for (const sha of [...hostileShas, photoSha]) expect((await thumbnail(sha)).status).toBe(200);
    expect(decodes()).toBe(decoded);
    web.child.kill('SIGTERM');
    expect((await web.done).code).toBe(0);
  });
});
