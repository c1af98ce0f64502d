// Import files are written by anyone: a media path in them must never copy a file of the server into the journal
// (an export would then send it out). Paths outside the folder, absolute paths, symbolic links, devices and Day One
// md5s that are paths all stay labels, counted missing; the files inside the folder are kept. A hard link (a second
// name of a file that may be outside the folder) is refused like a symbolic link, by every folder's reader.
import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { readJrnlText } from '../../src/importer/sources/jrnl.ts';
import { readMarkdownNotes } from '../../src/importer/sources/markdown-notes.ts';
import { readOwnMarkdownExport } from '../../src/importer/sources/own-markdown-export.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { importTelegramExport } from '../../src/importer/telegram-export/import-export.ts';
import { containedFile } from '../../src/journal/contained-file.ts';
import { savedMessage, writeSavedMessages } from '../helpers/saved-messages-export.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 515;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let temp: TempDb;
let secret: Buffer;
let secretFile: string;
beforeEach(async () => {
  temp = await createTempDb();
  // A file beside the imported folder, as the journal or a key file would be.
  secret = randomBytes(4_000);
  secretFile = path.join(temp.dir, 'secret.key');
  writeFileSync(secretFile, secret);
});
afterEach(async () => {
  await temp.cleanup();
});

const blobs = async () => (await temp.db.selectFrom('media_blob').select('sha256').execute()).map((b) => b.sha256);

describe('media paths in import files', () => {
  it('a Telegram export reads only regular files inside its folder', async () => {
    const dir = path.join(temp.dir, 'ChatExport');
    mkdirSync(path.join(dir, 'photos'), { recursive: true });
    const photo = randomBytes(5_000);
    writeFileSync(path.join(dir, 'photos', 'ok.jpg'), photo);
    symlinkSync(secretFile, path.join(dir, 'photos', 'link.jpg'));
    const message = (id: number, photo: string) =>
      savedMessage(OWNER, id, { text: `m${id}`, photo, width: 10, height: 10 });
    writeSavedMessages(dir, OWNER, [
      message(1, 'photos/ok.jpg'),
      message(2, secretFile),
      message(3, '../secret.key'),
      message(4, 'photos/link.jpg'),
      message(5, '/dev/zero'),
      message(6, 'photos'),
    ]);
    const report = await importTelegramExport(temp.db, path.join(dir, 'result.json'), {
      ownerId: OWNER,
      timeZone: 'UTC',
    });
    expect(report).toMatchObject({ error: null, imported: 6, mediaKept: 1, mediaMissing: 5 });
    expect(await blobs()).toEqual([sha(photo)]);
    const notes = await temp.db.selectFrom('entry_media').select(['state', 'note']).orderBy('id').execute();
    expect(
      notes.slice(1).every((n) => n.state === 'reference' && /was not in the imported folder/.test(n.note ?? '')),
    ).toBe(true);
  });

  it('a Day One md5 or type that is a path names no file', async () => {
    const dir = path.join(temp.dir, 'DayOne');
    mkdirSync(path.join(dir, 'photos'), { recursive: true });
    const md5 = '0123456789abcdef0123456789abcdef';
    const photo = randomBytes(3_000);
    writeFileSync(path.join(dir, 'photos', `${md5}.jpeg`), photo);
    const entry = (uuid: string, photos: unknown[]) => ({
      uuid,
      creationDate: '2024-04-15T10:00:00Z',
      text: `entry ${uuid}`,
      photos,
    });
    writeFileSync(
      path.join(dir, 'Journal.json'),
      JSON.stringify({
        metadata: { version: '1.0' },
        entries: [
          entry('AAAA0000000000000000000000000001', [{ md5, type: 'jpeg' }]),
          entry('AAAA0000000000000000000000000002', [{ md5: 'x./../../secret', type: 'key' }]),
          entry('AAAA0000000000000000000000000003', [{ md5, type: 'jpeg/../../../secret.key' }]),
        ],
      }),
    );
    const report = await importSource(temp.db, readDayOne(dir, false), 'DayOne', { ownerId: OWNER, timeZone: 'UTC' });
    // A type that is not a plain extension is Day One's default (jpeg): the third entry finds the photo by its md5.
    expect(report).toMatchObject({ error: null, imported: 3, mediaKept: 2, mediaMissing: 1 });
    expect(await blobs()).toEqual([sha(photo)]);
  });

  it('containedFile: inside and regular, or null', () => {
    const dir = path.join(temp.dir, 'folder');
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    writeFileSync(path.join(dir, 'sub', 'a.jpg'), 'a');
    symlinkSync(path.join(dir, 'sub', 'a.jpg'), path.join(dir, 'inner-link.jpg'));
    expect(containedFile(dir, 'sub/a.jpg')).toBe(path.join(dir, 'sub', 'a.jpg'));
    expect(containedFile(dir, './sub/../sub/a.jpg')).toBe(path.join(dir, 'sub', 'a.jpg'));
    for (const bad of [
      'sub',
      '',
      '.',
      '..',
      '../secret.key',
      secretFile,
      '/etc/passwd',
      'inner-link.jpg',
      'missing.jpg',
    ])
      expect(containedFile(dir, bad)).toBeNull();
  });

  it('a Telegram export refuses a hard link to a file outside its folder, and a hard-linked pair inside it', async () => {
    const dir = path.join(temp.dir, 'ChatExport');
    mkdirSync(path.join(dir, 'photos'), { recursive: true });
    const photo = randomBytes(5_000);
    writeFileSync(path.join(dir, 'photos', 'ok.jpg'), photo);
    linkSync(secretFile, path.join(dir, 'photos', 'hard.jpg'));
    writeFileSync(path.join(dir, 'photos', 'twin-a.jpg'), randomBytes(100));
    linkSync(path.join(dir, 'photos', 'twin-a.jpg'), path.join(dir, 'photos', 'twin-b.jpg'));
    const message = (id: number, photo: string) =>
      savedMessage(OWNER, id, { text: `m${id}`, photo, width: 10, height: 10 });
    writeSavedMessages(dir, OWNER, [
      message(1, 'photos/ok.jpg'),
      message(2, 'photos/hard.jpg'),
      message(3, 'photos/twin-a.jpg'),
    ]);
    const report = await importTelegramExport(temp.db, path.join(dir, 'result.json'), {
      ownerId: OWNER,
      timeZone: 'UTC',
    });
    expect(report).toMatchObject({ error: null, imported: 3, mediaKept: 1, mediaMissing: 2 });
    expect(await blobs()).toEqual([sha(photo)]);
    expect(containedFile(dir, 'photos/hard.jpg')).toBeNull();
  });

  it('Markdown notes name a symbolic link and a hard link as skipped, reading neither', async () => {
    const dir = path.join(temp.dir, 'notes');
    mkdirSync(dir);
    writeFileSync(path.join(dir, '2024-04-01.md'), 'a note of my own');
    const outside = path.join(temp.dir, 'outside.md');
    writeFileSync(outside, 'SECRET outside the folder');
    symlinkSync(outside, path.join(dir, '2024-04-02.md'));
    linkSync(outside, path.join(dir, '2024-04-03.md'));
    const report = await importSource(temp.db, readMarkdownNotes(dir, 'UTC'), 'notes', {
      ownerId: OWNER,
      timeZone: 'UTC',
    });
    expect(report).toMatchObject({ error: null, imported: 1 });
    expect(report.skippedIds).toMatchObject({ symlink: ['2024-04-02.md'], 'hard-link': ['2024-04-03.md'] });
    const texts = (await temp.db.selectFrom('entry').select('content').execute()).map((e) => e.content);
    expect(texts).toEqual(['a note of my own']);
  });

  it('Day One, jrnl and Markdown export folders read no linked file', async () => {
    const outsideJson = path.join(temp.dir, 'outside.json');
    writeFileSync(
      outsideJson,
      JSON.stringify({
        metadata: { version: '1.0' },
        entries: [{ uuid: 'B'.repeat(32), creationDate: '2024-04-15T10:00:00Z', text: 'SECRET' }],
      }),
    );
    const dayOne = path.join(temp.dir, 'DayOne');
    mkdirSync(dayOne);
    symlinkSync(outsideJson, path.join(dayOne, 'Linked.json'));
    linkSync(outsideJson, path.join(dayOne, 'Hard.json'));
    expect(
      (await importSource(temp.db, readDayOne(dayOne, false), 'DayOne', { ownerId: OWNER, timeZone: 'UTC' })).imported,
    ).toBe(0);

    const outsideText = path.join(temp.dir, 'outside.txt');
    writeFileSync(outsideText, '2024-04-03 09:00 SECRET\n');
    const jrnl = path.join(temp.dir, 'jrnl');
    mkdirSync(path.join(jrnl, '2024', '04'), { recursive: true });
    linkSync(outsideText, path.join(jrnl, '2024', '04', '03.txt'));
    expect(
      (await importSource(temp.db, readJrnlText(jrnl, 'UTC'), 'jrnl', { ownerId: OWNER, timeZone: 'UTC' })).imported,
    ).toBe(0);

    const outsideMd = path.join(temp.dir, 'outside-2024.md');
    writeFileSync(outsideMd, '# 2024\n\n## 2024-04-03\n\n### 09:00\n\nSECRET\n');
    const exported = path.join(temp.dir, 'exported');
    mkdirSync(exported);
    linkSync(outsideMd, path.join(exported, '2024.md'));
    expect(
      (
        await importSource(temp.db, readOwnMarkdownExport(exported, 'UTC'), 'export', {
          ownerId: OWNER,
          timeZone: 'UTC',
        })
      ).imported,
    ).toBe(0);
    expect(await temp.db.selectFrom('entry').select('content').execute()).toEqual([]);

    // The same files, copied in (one name each), are read: the links alone were refused.
    for (const [outside, inside] of [
      [outsideJson, path.join(dayOne, 'Copy.json')],
      [outsideText, path.join(jrnl, '2024', '04', '04.txt')],
      [outsideMd, path.join(exported, '2025.md')],
    ] as const)
      writeFileSync(inside, readFileSync(outside));
    rmSync(path.join(jrnl, '2024', '04', '03.txt'));
    rmSync(path.join(exported, '2024.md'));
    const again = (reader: Parameters<typeof importSource>[1], name: string) =>
      importSource(temp.db, reader, name, { ownerId: OWNER, timeZone: 'UTC' });
    expect((await again(readDayOne(dayOne, false), 'DayOne')).imported).toBe(1);
    expect((await again(readJrnlText(jrnl, 'UTC'), 'jrnl')).imported).toBe(1);
    expect((await again(readOwnMarkdownExport(exported, 'UTC'), 'export')).imported).toBe(1);
  });
});
