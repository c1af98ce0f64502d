// A hostile picture against the real server process (npm run web, built): a 10000×10000, 16-bit, interlaced PNG kept
// as a document (generated here with sharp: under 1 MB packed, 600 MB decoded). Six thumbnail requests at once leave
// the process's peak memory (VmHWM) within 400 MB of where it stood; each is answered with the original bytes, the
// refusal is kept in media_thumbnail, and a seventh is answered from that record without reading the picture again.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBlob } from '../../src/db/media-blobs.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { freePort, waitUntil } from '../helpers/bot-process.ts';
import { PROCESS_WAIT_MS, startEntryPoint, type RunningProcess } from '../helpers/run-entry-point.ts';
import { seedEntries } from '../helpers/seed-entries.ts';

const OWNER = 1000;
const MB = 1024 * 1024;

/** A figure of /proc/<pid>/status, in bytes (VmRSS: now; VmHWM: the peak so far). */
const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

const noProc = existsSync('/proc/self/status') ? null : 'no /proc to read the process memory from';

describe.skipIf(noProc !== null)(`a hostile picture's thumbnails${noProc ? ` (skipped: ${noProc})` : ''}`, () => {
  let dir: string;
  let web: RunningProcess | undefined;

  afterEach(async () => {
    if (web && web.child.exitCode === null) {
      web.child.kill('SIGKILL');
      await web.done;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'stays within 400 MB for six requests, serves the original, and remembers the refusal for the seventh',
    { timeout: 240_000 },
    async () => {
      const png = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#336699' } })
        .toColourspace('rgb16')
        .png({ progressive: true, compressionLevel: 9 })
        .toBuffer();
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height, meta.depth, meta.isProgressive]).toEqual([10_000, 10_000, 'ushort', true]);
      expect(png.length).toBeLessThan(2 * MB);

      dir = mkdtempSync(path.join(tmpdir(), 'journal-hostile-'));
      const file = path.join(dir, 'journal.sqlite');
      const db = openDatabase(file);
      await migrateToLatest(db);
      await seedEntries(db, OWNER, [['2024-04-01T09:00:00Z', 'a picture sent as a document']]);
      const entry = await db.selectFrom('entry').select('id').executeTakeFirstOrThrow();
      const kept = await writeBlob(db, 'hostile', [png], { now: new Date('2024-04-01T09:00:00Z') });
      await db
        .insertInto('entry_media')
        .values({
          entry_id: entry.id,
          owner_id: OWNER,
          position: 0,
          kind: 'file',
          sha256: kept.sha256,
          mime_type: 'image/png',
          size: png.length,
          width: 10_000,
          height: 10_000,
          file_name: 'huge.png',
          state: 'kept',
        })
        .execute();

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
      const thumbnail = () => fetch(`http://127.0.0.1:${port}/media/${kept.sha256}/thumbnail`, { headers: { cookie } });

      const pid = web.child.pid!;
      const before = memoryOf(pid, 'VmRSS');
      const answers = await Promise.all(Array.from({ length: 6 }, thumbnail));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await answer.arrayBuffer()).equals(png)).toBe(true);
      }
      const peak = memoryOf(pid, 'VmHWM');
      expect(
        (peak - before) / MB,
        `peak ${Math.round(peak / MB)} MB, before ${Math.round(before / MB)} MB`,
      ).toBeLessThan(400);

      // The refusal is remembered beside the media: the seventh request is answered from it, decoding nothing.
      const check = openDatabase(file);
      try {
        expect(await check.selectFrom('media_thumbnail').select(['sha256', 'data']).execute()).toEqual([
          { sha256: kept.sha256, data: null },
        ]);
      } finally {
        await check.destroy();
      }
      const seventh = await thumbnail();
      expect(seventh.status).toBe(200);
      expect((await seventh.arrayBuffer()).byteLength).toBe(png.length);
      expect((memoryOf(pid, 'VmHWM') - before) / MB).toBeLessThan(400);
      web.child.kill('SIGTERM');
      expect((await web.done).code).toBe(0);
    },
  );
});
