// /export through the Bot API stand-in: the journal arrives as zips of the export with its media (JSON or Markdown),
// laid out as `npm run export -- --out <folder>` writes it, split within the upload limit; each zip, unzipped and
// imported into an empty journal, gives back the entries and byte-identical media; the temp files are gone afterwards.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readBlobWhole } from '../../src/db/media-blobs.ts';
import { importJournalExport } from '../../src/export/import-journal-export.ts';
import { importMarkdownExport } from '../../src/export/import-markdown-export.ts';
import { detectSource } from '../../src/importer/sources/detect-source.ts';
import { listZip, readZipMember } from '../../src/importer/sources/zip-reader.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { mediaUpdate, textUpdate } from '../helpers/updates.ts';

let t: TestApp;
let target: TempDb | undefined;
const scratch = mkdtempSync(path.join(tmpdir(), 'export-zips-'));
afterEach(async () => {
  await t.close();
  await target?.cleanup();
  target = undefined;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function journalOfThree(options: { exportPartBytes?: number } = {}) {
  t = await createTestApp({}, () => new Date('2024-06-01T12:00:00Z'), options);
  await t.send(textUpdate('First note #garden', { date: Date.UTC(2023, 11, 31, 20) / 1000 }));
  await t.send(textUpdate('Second note', { date: Date.UTC(2024, 0, 2, 9) / 1000 }));
  await t.send(
    mediaUpdate(
      { voice: { file_id: 'voice-9', file_unique_id: 'v9', duration: 42 } },
      { date: Date.UTC(2024, 0, 3, 9) / 1000 },
    ),
  );
}

/** A photo and a voice note whose bytes the bot downloaded (through the stand-in) and keeps, and a text entry. */
async function journalWithMedia(photo: Buffer, voice: Buffer, options: { exportPartBytes?: number } = {}) {
  t = await createTestApp({}, () => new Date('2024-06-01T12:00:00Z'), options);
  t.api.addFile('photo-big', photo);
  t.api.addFile('voice-1', voice);
  await t.send(textUpdate('Arrived in Lisbon', { date: Date.UTC(2024, 4, 1, 9) / 1000 }));
  const sizes = [
    { file_id: 'photo-small', file_unique_id: 'ps', width: 90, height: 60 },
    { file_id: 'photo-big', file_unique_id: 'pb', width: 1280, height: 853, file_size: photo.length },
  ];
  await t.send(
    mediaUpdate({ photo: sizes, caption: 'The table by the window' }, { date: Date.UTC(2024, 4, 1, 13) / 1000 }),
  );
  await t.send(
    mediaUpdate(
      {
        voice: {
          file_id: 'voice-1',
          file_unique_id: 'v1',
          duration: 12,
          mime_type: 'audio/ogg',
          file_size: voice.length,
        },
      },
      { date: Date.UTC(2024, 4, 2, 8) / 1000 },
    ),
  );
  await t.app.mediaDownloads.runDue();
  const kept = await t.temp.db.selectFrom('entry_media').select(['sha256', 'state']).orderBy('id').execute();
  expect(kept).toEqual([
    { sha256: sha(photo), state: 'kept' },
    { sha256: sha(voice), state: 'kept' },
  ]);
}

const documents = () =>
  t.api.callsTo('sendDocument').map((c) => ({
    caption: String(c.payload.caption),
    file: Object.values(c.payload.files ?? {})[0] as { name: string; content: Buffer },
  }));

/** A received zip, unzipped with the project's own reader into a fresh folder: its members' names and the folder. */
async function unzip(document: { name: string; content: Buffer }): Promise<{ names: string[]; folder: string }> {
  const folder = mkdtempSync(path.join(scratch, 'part-'));
  const zip = path.join(scratch, `${path.basename(folder)}.zip`);
  writeFileSync(zip, document.content);
  const members = await listZip(zip);
  for (const member of members) {
    const chunks: Buffer[] = [];
    for await (const chunk of readZipMember(zip, member)) chunks.push(chunk);
    mkdirSync(path.dirname(path.join(folder, member.name)), { recursive: true });
    writeFileSync(path.join(folder, member.name), Buffer.concat(chunks));
  }
  rmSync(zip);
  return { names: members.map((m) => m.name).sort(), folder };
}

/** `npm run import <folder>`'s path: the folder recognised as the journal's export, imported into `db`. */
async function importFolder(db: TempDb['db'], folder: string) {
  const found = await detectSource(folder, 'export');
  expect(found).toMatchObject({ kind: 'journal-export', file: expect.any(String) });
  return importJournalExport(db, (found as { file: string }).file);
}

const exportDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith('journal-export-'));

describe('/export', () => {
  it('sends the whole journal as one zip holding the JSON export, which lists every entry, media and tags', async () => {
    await journalOfThree();
    await t.send(textUpdate('/export'));
    const [doc, ...rest] = documents();
    expect(rest).toEqual([]);
    expect(doc!.caption.split('\n')[0]).toBe('Your journal: 3 entries.');
    expect(doc!.caption).toContain('Unzip it and run npm run import on the folder');
    expect(doc!.file.name).toBe('journal-2024-06-01.zip');
    const { names, folder } = await unzip(doc!.file);
    // The voice note's bytes were never downloaded (the stand-in has no such file): a reference, no media/ file.
    expect(names).toEqual([expect.stringMatching(/^journal-111-20240601-120000\.json$/)]);
    const parsed = JSON.parse(readFileSync(path.join(folder, names[0]!), 'utf8'));
    expect(parsed.entries.map((e: any) => e.content)).toEqual([
      'First note #garden',
      'Second note',
      '[voice note 0:42]',
    ]);
    expect(parsed.entries[0].tags).toEqual(['garden']);
    expect(parsed.entries[2].media).toMatchObject({ kind: 'voice_note', file_id: 'voice-9', duration_seconds: 42 });
    // The command itself is not an entry.
    expect(await t.temp.db.selectFrom('entry').select('id').execute()).toHaveLength(3);
  });

  it('/export md sends one zip with a Markdown file per year', async () => {
    await journalOfThree();
    await t.send(textUpdate('/export md'));
    const docs = documents();
    expect(docs).toHaveLength(1);
    const { names, folder } = await unzip(docs[0]!.file);
    expect(names).toEqual(['2023.md', '2024.md']);
    expect(readFileSync(path.join(folder, '2024.md'), 'utf8')).toMatch(
      /## 2024-01-03 Wednesday\n\n### 09:00 · voice note 0:42\n<!-- entry \d+\n(?:[a-z_]+: .*\n)*lines: 1\n-->\n\[voice note 0:42\]\n/,
    );
  });

  it('a photo and a voice note come back byte-identical: the zip unzipped and imported into an empty journal', async () => {
    const photo = randomBytes(150_000);
    const voice = randomBytes(9_000);
    await journalWithMedia(photo, voice);
    await t.send(textUpdate('/export'));
    const docs = documents();
    expect(docs).toHaveLength(1);
    const { names, folder } = await unzip(docs[0]!.file);
    expect(names).toEqual(
      [expect.stringMatching(/^journal-111-.*\.json$/), `media/${sha(photo)}.jpg`, `media/${sha(voice)}.ogg`].sort(),
    );

    target = await createTempDb();
    expect(await importFolder(target.db, folder)).toMatchObject({
      imported: 3,
      mediaKept: 2,
      mediaMissing: 0,
      error: null,
      damaged: [],
    });
    const entries = await target.db
      .selectFrom('entry')
      .select(['content', 'local_day'])
      .orderBy('local_day')
      .orderBy('written_at')
      .execute();
    expect(entries.map((e) => e.content)).toEqual([
      'Arrived in Lisbon',
      'The table by the window',
      '[voice note 0:12]',
    ]);
    expect(await readBlobWhole(target.db, sha(photo))).toEqual(photo);
    expect(await readBlobWhole(target.db, sha(voice))).toEqual(voice);
  });

  it('/export md: the zip holds the year file with links into its media/, and imports back byte-identical', async () => {
    const photo = randomBytes(30_000);
    const voice = randomBytes(7_000);
    await journalWithMedia(photo, voice);
    await t.send(textUpdate('/export md'));
    const docs = documents();
    expect(docs).toHaveLength(1);
    const { names, folder } = await unzip(docs[0]!.file);
    expect(names).toEqual(['2024.md', `media/${sha(photo)}.jpg`, `media/${sha(voice)}.ogg`].sort());
    expect(readFileSync(path.join(folder, '2024.md'), 'utf8')).toContain(`![](media/${sha(photo)}.jpg)`);
    target = await createTempDb();
    const found = await detectSource(folder, 'export');
    expect(found).toMatchObject({ format: 'markdown', kind: 'own-markdown' });
    expect(await importMarkdownExport(target.db, folder)).toMatchObject({
      imported: 3,
      mediaKept: 2,
      mediaMissing: 0,
      error: null,
    });
    expect(await readBlobWhole(target.db, sha(photo))).toEqual(photo);
    expect(await readBlobWhole(target.db, sha(voice))).toEqual(voice);
  });

  it("/export in a topic sends that journal's zip, with its media alone, into the topic", async () => {
    const photo = randomBytes(20_000);
    const voice = randomBytes(9_000);
    await journalWithMedia(photo, voice);
    // The photo's entry moves to the Dreams topic's journal, as if it had been sent there.
    await t.send({
      message: {
        ...textUpdate('').message,
        text: undefined,
        message_thread_id: 7,
        is_topic_message: true,
        forum_topic_created: { name: 'Dreams', icon_color: 1 },
      },
    });
    await t.temp.db
      .updateTable('entry')
      .set({ journal: 'Dreams' })
      .where('content', '=', 'The table by the window')
      .execute();
    await t.send({ message: { ...textUpdate('/export').message, message_thread_id: 7, is_topic_message: true } });
    const [doc, ...rest] = t.api.callsTo('sendDocument');
    expect(rest).toEqual([]);
    expect(doc!.payload).toMatchObject({
      message_thread_id: '7',
      caption: expect.stringMatching(/^Your journal "Dreams": 1 entry\.\n/),
    });
    const { names, folder } = await unzip(documents()[0]!.file);
    expect(names).toEqual([expect.stringMatching(/\.json$/), `media/${sha(photo)}.jpg`].sort());
    target = await createTempDb();
    expect(await importFolder(target.db, folder)).toMatchObject({ imported: 1, mediaKept: 1, mediaMissing: 0 });
    expect(await target.db.selectFrom('entry').select(['content', 'journal']).execute()).toEqual([
      { content: 'The table by the window', journal: 'Dreams' },
    ]);
    expect(await readBlobWhole(target.db, sha(photo))).toEqual(photo);
  });

  it('splits into zips within the part limit, each a whole export with its own media; a medium too big for any part stays a reference and the caption says so', async () => {
    const photo = randomBytes(40_000);
    const voice = randomBytes(30_000);
    const limit = 64 * 1024;
    await journalWithMedia(photo, voice, { exportPartBytes: limit });
    // A video bigger than a whole part: its bytes are kept in the journal, but no zip can carry them.
    const video = randomBytes(100_000);
    t.api.addFile('video-1', video);
    await t.send(
      mediaUpdate(
        {
          video: {
            file_id: 'video-1',
            file_unique_id: 'vd1',
            width: 640,
            height: 360,
            duration: 3,
            mime_type: 'video/mp4',
            file_size: video.length,
          },
        },
        { date: Date.UTC(2024, 4, 3, 8) / 1000 },
      ),
    );
    await t.app.mediaDownloads.runDue();
    const before = exportDirs();

    await t.send(textUpdate('/export'));
    const docs = documents();
    expect(docs.length).toBeGreaterThan(1);
    expect(docs.map((d) => d.file.name)).toEqual(
      docs.map((_, i) => (i === 0 ? 'journal-2024-06-01.zip' : `journal-2024-06-01.part${i + 1}.zip`)),
    );
    for (const d of docs) expect(d.file.content.length).toBeLessThanOrEqual(limit);
    expect(docs[0]!.caption).toMatch(
      new RegExp(`^Your journal: 4 entries \\(file 1 of ${docs.length}\\)\\.\\nUnzip each file`),
    );
    expect(docs[0]!.caption).toContain("1 media file (0.1 MB) did not fit Telegram's 50 MB uploads");
    expect(docs[1]!.caption).toBe(`Your journal (file 2 of ${docs.length}).`);

    // Each part on its own: unzipped and imported into the same empty journal, in any order.
    target = await createTempDb();
    const reports = [];
    for (const d of [...docs].reverse()) {
      const { names, folder } = await unzip(d.file);
      expect(names.filter((n) => n.endsWith('.json'))).toHaveLength(1);
      reports.push(await importFolder(target.db, folder));
    }
    expect(reports.reduce((n, r) => n + r.imported, 0)).toBe(4);
    expect(reports.reduce((n, r) => n + r.mediaKept, 0)).toBe(2);
    expect(reports.reduce((n, r) => n + r.mediaMissing, 0)).toBe(1);
    expect(await readBlobWhole(target.db, sha(photo))).toEqual(photo);
    expect(await readBlobWhole(target.db, sha(voice))).toEqual(voice);
    const media = await target.db
      .selectFrom('entry_media')
      .select(['kind', 'state', 'file_id'])
      .orderBy('kind')
      .execute();
    expect(media).toEqual([
      { kind: 'photo', state: 'kept', file_id: 'photo-big' },
      { kind: 'video', state: 'reference', file_id: 'video-1' },
      { kind: 'voice_note', state: 'kept', file_id: 'voice-1' },
    ]);
    // Every zip and the export folder were removed after sending.
    expect(exportDirs()).toEqual(before);
    expect(t.logger.lines.some((l) => l.includes('export.ready'))).toBe(true);
  });

  it('/export md: each year file goes in a zip with its own media when they do not fit together, none left out', async () => {
    const limit = 64 * 1024;
    t = await createTestApp({}, () => new Date('2024-06-01T12:00:00Z'), { exportPartBytes: limit });
    const photo = randomBytes(35_000);
    const voice = randomBytes(35_000);
    t.api.addFile('photo-big', photo);
    t.api.addFile('voice-1', voice);
    // 2023's photo and 2024's voice note fit a zip each, not one together.
    const sizes = [{ file_id: 'photo-big', file_unique_id: 'pb', width: 1280, height: 853, file_size: photo.length }];
    await t.send(
      mediaUpdate({ photo: sizes, caption: 'New year by the sea' }, { date: Date.UTC(2023, 11, 31, 13) / 1000 }),
    );
    await t.send(
      mediaUpdate(
        {
          voice: {
            file_id: 'voice-1',
            file_unique_id: 'v1',
            duration: 12,
            mime_type: 'audio/ogg',
            file_size: voice.length,
          },
        },
        { date: Date.UTC(2024, 0, 2, 8) / 1000 },
      ),
    );
    await t.app.mediaDownloads.runDue();
    await t.send(textUpdate('/export md'));
    const docs = documents();
    expect(docs[0]!.caption).not.toContain('did not fit');
    const zips = await Promise.all(docs.map((d) => unzip(d.file)));
    expect(zips.map((z) => z.names)).toEqual([
      ['2023.md', `media/${sha(photo)}.jpg`],
      ['2024.md', `media/${sha(voice)}.ogg`],
    ]);
    for (const d of docs) expect(d.file.content.length).toBeLessThanOrEqual(limit);
    target = await createTempDb();
    for (const z of zips)
      expect(await importMarkdownExport(target.db, z.folder)).toMatchObject({
        imported: 1,
        mediaKept: 1,
        mediaMissing: 0,
        error: null,
      });
    expect(await readBlobWhole(target.db, sha(photo))).toEqual(photo);
    expect(await readBlobWhole(target.db, sha(voice))).toEqual(voice);
  });

  it("an entry's text naming a medium's export path changes nothing: the export is sent, each medium once", async () => {
    const photo = randomBytes(40_000);
    const voice = randomBytes(7_000);
    const limit = 64 * 1024;
    await journalWithMedia(photo, voice, { exportPartBytes: limit });
    // A 2023 entry that quotes the photo's export path as its words.
    await t.send(
      textUpdate(`Where it will be: media/${sha(photo)}.jpg and media/${'0'.repeat(64)}.jpg`, {
        date: Date.UTC(2023, 5, 1, 9) / 1000,
      }),
    );
    await t.send(textUpdate('/export md'));
    const docs = documents();
    for (const d of docs) expect(d.file.content.length).toBeLessThanOrEqual(limit);
    const zips = await Promise.all(docs.map((d) => unzip(d.file)));
    const all = zips.flatMap((z) => z.names);
    expect(all.filter((n) => n === `media/${sha(photo)}.jpg`)).toHaveLength(1);
    expect(all).not.toContain(`media/${'0'.repeat(64)}.jpg`);
    target = await createTempDb();
    const reports = [];
    for (const z of zips) reports.push(await importMarkdownExport(target.db, z.folder));
    expect(reports.reduce((n, r) => n + r.imported, 0)).toBe(4);
    expect(reports.reduce((n, r) => n + r.mediaKept, 0)).toBe(2);
    expect(await readBlobWhole(target.db, sha(photo))).toEqual(photo);
  });

  it('a temp folder an earlier export left behind (a crash) is swept before the next export; a fresh one is kept', async () => {
    const stale = mkdtempSync(path.join(tmpdir(), 'journal-export-'));
    const fresh = mkdtempSync(path.join(tmpdir(), 'journal-export-'));
    writeFileSync(path.join(stale, 'photo.jpg'), 'plain bytes');
    const longAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
    utimesSync(stale, longAgo, longAgo);
    try {
      await journalOfThree();
      await t.send(textUpdate('/export'));
      expect(documents()).toHaveLength(1);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
    } finally {
      rmSync(stale, { recursive: true, force: true });
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('an unknown format gets the usage; no temp files are left behind', async () => {
    await journalOfThree();
    await t.send(textUpdate('/export pdf'));
    expect(t.api.callsTo('sendMessage').at(-1)!.payload.text).toMatch(/\/export md for Markdown/);
    expect(t.api.callsTo('sendDocument')).toHaveLength(0);
    const before = exportDirs();
    await t.send(textUpdate('/export'));
    expect(t.api.callsTo('sendDocument')).toHaveLength(1);
    expect(exportDirs()).toEqual(before);
  });

  it('with JOURNAL_KEY, the caption says the zip is not encrypted', async () => {
    t = await createTestApp({ JOURNAL_KEY: 'a test key of enough length for the journal' });
    await t.send(textUpdate('A note'));
    await t.send(textUpdate('/export'));
    expect(documents()[0]!.caption).toContain('The journal is encrypted, but this export is not');
  });
});
