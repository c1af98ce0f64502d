// `npm run export -- --format dayone` (issue 41): a zip in Day One's layout (<Journal>.json per journal, photos/<md5>.<type>,
// dayone-moment:// references in the text) that the project's own Day One importer reads back into the same entries,
// days, times, texts, tags and media, byte for byte.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { exportDayOne } from '../../src/export/dayone-export.ts';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { listZip, readZipMember } from '../../src/importer/sources/zip-reader.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { blackPng } from '../helpers/black-png.ts';
import { runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 41;
const NOW = new Date('2025-01-10T12:00:00Z');
const dir = mkdtempSync(path.join(tmpdir(), 'dayone-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PHOTOS = [blackPng(64, 48), blackPng(32, 32)];
/** A video and a voice recording as Day One keeps them (the bytes only need to be themselves). */
const VIDEO = Buffer.from('not really an mp4, but bytes to carry');
const AUDIO = Buffer.from('not really an m4a, but bytes to carry');
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A zip member's bytes, whole. */
async function memberBytes(zip: string, name: string): Promise<Buffer> {
  const member = (await listZip(zip)).find((m) => m.name === name)!;
  const chunks: Buffer[] = [];
  for await (const chunk of readZipMember(zip, member)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

let source: TempDb;
let target: TempDb;
beforeEach(async () => {
  [source, target] = await Promise.all([createTempDb(), createTempDb()]);
  // A Day One export with photos, a place, tags and a star, imported: the journal then keeps the photos' bytes.
  const folder = path.join(source.dir, 'dayone-in');
  mkdirSync(path.join(folder, 'photos'), { recursive: true });
  PHOTOS.forEach((p) => writeFileSync(path.join(folder, 'photos', `${md5(p)}.png`), p));
  mkdirSync(path.join(folder, 'videos'));
  mkdirSync(path.join(folder, 'audios'));
  writeFileSync(path.join(folder, 'videos', `${md5(VIDEO)}.mp4`), VIDEO);
  writeFileSync(path.join(folder, 'audios', `${md5(AUDIO)}.m4a`), AUDIO);
  const entries = [
    {
      uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
      creationDate: '2024-05-01T10:00:00Z',
      timeZone: 'America/New_York',
      text: '![](dayone-moment://P1)\n\nPicnic by the lake\\. Two photos:\n\n![](dayone-moment://P2)',
      tags: ['park', 'friends', 'picnic-day'],
      starred: true,
      photos: PHOTOS.map((p, i) => ({ identifier: `P${i + 1}`, md5: md5(p), type: 'png', orderInEntry: i })),
      location: {
        placeName: 'Tiergarten',
        localityName: 'Berlin',
        country: 'Germany',
        latitude: 52.51,
        longitude: 13.35,
      },
      weather: { conditionsDescription: 'Sunny', temperatureCelsius: 21 },
    },
    {
      // As Day One writes other media: one slash, the list's name; audio with `format` (aac, an m4a file).
      uuid: 'B1B2C3D4E5F60718293A4B5C6D7E8F90',
      creationDate: '2024-05-01T18:00:00Z',
      timeZone: 'Europe/Berlin',
      text: 'The waves:\n\n![](dayone-moment:/video/V1)\n\n![](dayone-moment:/audio/A1)',
      videos: [{ identifier: 'V1', md5: md5(VIDEO), type: 'mp4', orderInEntry: 0, duration: 5.7 }],
      audios: [{ identifier: 'A1', md5: md5(AUDIO), format: 'aac', orderInEntry: 1, duration: 5.5 }],
    },
  ];
  writeFileSync(path.join(folder, 'Travel.json'), JSON.stringify({ metadata: { version: '1.0' }, entries }));
  const imported = await importSource(source.db, readDayOne(folder, false), 'dayone-in', {
    ownerId: OWNER,
    timeZone: 'Europe/Berlin',
  });
  expect(imported).toMatchObject({ imported: 2, mediaKept: 4, error: null });
  const live = (messageId: number, at: string, text: string) =>
    storeEntry(
      source.db,
      { ownerId: OWNER, source: 'live', chatId: OWNER, messageId, writtenAt: new Date(at), text },
      { timeZone: 'Europe/Berlin', now: NOW },
    );
  await live(
    1,
    '2024-05-02T21:30:00Z',
    'Back\\slash \\\\. stays, `code`, *stars* and a literal dayone-moment://X #evening',
  );
  await live(2, '2024-05-03T06:00:00Z', 'Line one\n\nLine two #morning #run');
});
afterEach(async () => {
  await Promise.all([source.cleanup(), target.cleanup()]);
});

const journal = (t: TempDb) =>
  t.db
    .selectFrom('entry')
    .select(['id', 'written_at', 'local_day', 'local_time', 'content'])
    .orderBy('written_at')
    .execute()
    .then((rows) =>
      Promise.all(
        rows.map(async ({ id, ...row }) => ({
          ...row,
          tags: (
            await t.db.selectFrom('entry_tag').select('tag').where('entry_id', '=', id).orderBy('tag').execute()
          ).map((r) => r.tag),
          media: await t.db
            .selectFrom('entry_media')
            .select(['kind', 'sha256'])
            .where('entry_id', '=', id)
            .orderBy('position')
            .execute(),
        })),
      ),
    );

it('writes a zip in Day One layout that the Day One importer reads back, photos byte for byte', async () => {
  const zip = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  expect(await exportDayOne(source.db, { ownerId: OWNER, file: zip, timeZone: 'Europe/Berlin' })).toMatchObject({
    entries: 4,
  });
  const members = await listZip(zip);
  expect(members.map((m) => m.name).sort()).toEqual(
    [
      'Journal.json',
      'Travel.json',
      ...PHOTOS.map((p) => `photos/${md5(p)}.png`),
      `videos/${md5(VIDEO)}.mp4`,
      `audios/${md5(AUDIO)}.m4a`,
    ].sort(),
  );
  const travel = JSON.parse((await memberBytes(zip, 'Travel.json')).toString('utf8'));
  expect(travel.metadata).toEqual({ version: '1.0' });
  const [picnic] = travel.entries;
  expect(picnic).toMatchObject({
    uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
    creationDate: '2024-05-01T10:00:00Z',
    timeZone: 'America/New_York',
    starred: true,
    // As Day One wrote it, hyphen and all (the journal stores `picnic_day`).
    tags: ['friends', 'park', 'picnic-day'],
    isPinned: false,
    isAllDay: false,
  });
  expect(picnic.text).toMatch(
    /^Picnic by the lake\. Two photos:\n\n!\[\]\(dayone-moment:\/\/[0-9A-F]{32}\)\n\n!\[\]\(dayone-moment:\/\/[0-9A-F]{32}\)$/,
  );
  expect(picnic.photos.map((p: { md5: string }) => p.md5)).toEqual(PHOTOS.map(md5));
  expect(picnic.location).toMatchObject({ placeName: 'Tiergarten', localityName: 'Berlin', country: 'Germany' });
  for (const p of PHOTOS) expect(await memberBytes(zip, `photos/${md5(p)}.png`)).toEqual(p);
  const waves = travel.entries[1];
  const [video, audio] = [waves.videos[0], waves.audios[0]];
  expect(waves.text).toBe(
    `The waves:\n\n![](dayone-moment:/video/${video.identifier})\n\n![](dayone-moment:/audio/${audio.identifier})`,
  );
  expect(audio).toMatchObject({ md5: md5(AUDIO), format: 'aac', favorite: false, creationDevice: expect.any(String) });
  expect(audio.type).toBeUndefined();
  expect(video).toMatchObject({ md5: md5(VIDEO), type: 'mp4', favorite: false });
  expect(await memberBytes(zip, `audios/${md5(AUDIO)}.m4a`)).toEqual(AUDIO);

  const back = await importSource(target.db, readDayOne(zip, true), path.basename(zip), {
    ownerId: OWNER,
    timeZone: 'Europe/Berlin',
  });
  expect(back).toMatchObject({ imported: 4, mediaKept: 4, error: null });
  const [before, after] = [await journal(source), await journal(target)];
  expect(after).toEqual(before);
  expect(after[0]!.media).toEqual(PHOTOS.map((p) => ({ kind: 'photo', sha256: sha(p) })));
});

it('npm run export -- --format dayone writes the zip and says where', async () => {
  await source.db.destroy();
  const out = path.join(dir, 'cli-dayone.zip');
  const run = await runEntryPoint('src/cli/export.ts', ['--format', 'dayone', '--out', out], {
    cwd: dir,
    env: { DATABASE_PATH: source.file, ALLOWED_USER_IDS: String(OWNER), JOURNAL_TIMEZONE: 'Europe/Berlin' },
  });
  expect(run).toMatchObject({
    code: 0,
    stdout: expect.stringMatching(/^Exported 4 entries of user 41 to:\n {2}.*cli-dayone\.zip/),
  });
  expect((await listZip(out)).map((m) => m.name)).toContain('Journal.json');
});
