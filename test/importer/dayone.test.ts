// Day One exports (issue 21): the official sample's 54 entries with times, zones, tags, starred marks, places and
// photos; a re-import adds nothing; a zip and its JSON give the same journal; the oddities SOURCES.md lists.
import { createHash } from 'node:crypto';
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
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource, type SourceReport } from '../../src/importer/sources/import-source.ts';
import { formatSourceSummary } from '../../src/importer/sources/source-summary.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { describeStores } from '../helpers/stores.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { SHARED_JOURNALS, SKIP_REASON, sharedJournalsPresent } from '../helpers/shared-fixtures.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { buildZip } from '../helpers/zip-writer.ts';
import { entriesWithMedia } from '../helpers/entry-media-columns.ts';

const SAMPLE = path.join(SHARED_JOURNALS, 'dayone-official-example');
const ODDITIES = path.join(REPO_ROOT, 'test/fixtures/journals/dayone-oddities.json');
const dir = mkdtempSync(path.join(tmpdir(), 'dayone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let written = 0;
/** A Day One JSON in the temp dir: named like a journal (the file name is the journal's name). */
const write = (json: string) => {
  const file = path.join(dir, `Journal${++written}.json`);
  writeFileSync(file, json);
  return file;
};

let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

const OWNER = 111;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The folders Day One zips are unpacked into while they are imported. */
const unpackedFolders = () => readdirSync(tmpdir()).filter((n) => n.startsWith('dayone-media-'));
const importDayOne = (file: string, zip: boolean, journals: string[] = []): Promise<SourceReport> =>
  importSource(temp.db, readDayOne(file, zip, { journals }), path.basename(file), { ownerId: OWNER, timeZone: 'UTC' });
const rows = () =>
  entriesWithMedia(temp.db)
    .clearSelect()
    .select([
      'source_app',
      'source_id',
      'written_at',
      'local_day',
      'local_time',
      'content',
      'm.kind as media_kind',
      'm.file_name as media_file_name',
      'metadata',
    ])
    .orderBy('written_at')
    .orderBy('source_id')
    .execute();

/** The sample zipped as Day One does it: the journal's JSON at the top, photos in photos/. */
function sampleZip(): string {
  const file = path.join(dir, `sample-${Math.random().toString(36).slice(2)}.zip`);
  const photos = ['9a4695dcca092c696657afdc252acb2d.jpeg', 'bee4d614d1555318fe89daa5262cc8e1.jpeg'];
  writeFileSync(
    file,
    buildZip([
      { name: 'Example.json', data: readFileSync(path.join(SAMPLE, 'Example.json')) },
      ...photos.map((p) => ({ name: `photos/${p}`, data: readFileSync(path.join(SAMPLE, 'photos', p)), stored: true })),
    ]),
  );
  return file;
}

describeStores('Day One official sample', () => {
  it.skipIf(!sharedJournalsPresent)(
    `imports its 54 entries with times, zones, tags, starred marks, places and photos ${sharedJournalsPresent ? '' : SKIP_REASON}`,
    async () => {
      const report = await importDayOne(path.join(SAMPLE, 'Example.json'), false);
      expect(report).toMatchObject({ error: null, items: 54, imported: 54, alreadyPresent: 0 });
      const all = await rows();
      expect(all).toHaveLength(54);
      expect(all.every((r) => r.source_app === 'dayone' && /^[0-9A-F]{32}$/.test(r.source_id ?? ''))).toBe(true);
      // Its own zone decides its day: 2004-10-13T00:38:16Z is the evening before in America/Boise.
      const alice = all.find((r) => r.source_id === '2E542464666C4ACE91E83539FF114A76')!;
      expect(alice).toMatchObject({
        written_at: '2004-10-13T00:38:16.000Z',
        local_day: '2004-10-12',
        local_time: '18:38',
        media_kind: 'photo',
      });
      expect(alice.content).toMatch(/^\*\*Luckily\*\* for \*\*\*Alice\*\*\*, the little magic bottle/);
      // The photos are the entry's media, shown with it: no [photo] label stays where they were.
      expect(alice.content).toContain("no wonder she felt unhappy.\n\n'It was much pleasanter at home");
      expect(alice.content).not.toContain('[photo]');
      expect(alice.content).not.toMatch(/\\[.\-(]|dayone-moment/);
      const meta = JSON.parse(alice.metadata!);
      expect(meta).toMatchObject({
        time_zone: 'America/Boise',
        journal: 'Example',
        place: { name: "Uncle's Tavern", locality: 'Alice Springs', country: 'Australia' },
        weather: { description: 'Partly Cloudy', temperature_c: 34 },
      });
      expect(all.filter((r) => r.metadata && JSON.parse(r.metadata).starred).length).toBe(7);
      expect(all.filter((r) => r.media_kind === 'photo').length).toBe(42);
      const tags = await temp.db
        .selectFrom('entry_tag')
        .select('tag')
        .where('entry_id', 'in', temp.db.selectFrom('entry').select('id').where('source_id', '=', alice.source_id))
        .orderBy('tag')
        .execute();
      expect(tags.map((t) => t.tag)).toEqual(['diary', 'pizza']);

      const again = await importDayOne(path.join(SAMPLE, 'Example.json'), false);
      expect(again).toMatchObject({ error: null, imported: 0, alreadyPresent: 54, revised: 0 });
      expect(await rows()).toHaveLength(54);
    },
  );

  it.skipIf(!sharedJournalsPresent)(
    `a zip and its JSON give the same journal ${sharedJournalsPresent ? '' : SKIP_REASON}`,
    async () => {
      const zipped = await importDayOne(sampleZip(), true);
      expect(zipped).toMatchObject({ error: null, imported: 54, journals: { Example: 54 } });
      // The zip's two photo files are unpacked and kept, as from the unzipped folder.
      expect(formatSourceSummary(zipped).join('\n')).toMatch(
        /^Day One zip: imported 54 entries \(54 items read, [\d.]+ s\)\.\nMedia: 2 files kept in the journal; \d+ without a file \(kept as labels only\)\.\nJournals: "Example" 54 entries\.$/,
      );
      const photos = ['9a4695dcca092c696657afdc252acb2d.jpeg', 'bee4d614d1555318fe89daa5262cc8e1.jpeg'].map((p) =>
        readFileSync(path.join(SAMPLE, 'photos', p)),
      );
      const blobs = await temp.db.selectFrom('media_blob').select('sha256').orderBy('sha256').execute();
      expect(blobs.map((b) => b.sha256)).toEqual(photos.map(sha).sort());
      const fromZip = await rows();
      const fromJson = await importDayOne(path.join(SAMPLE, 'Example.json'), false);
      expect(fromJson).toMatchObject({ imported: 0, alreadyPresent: 54 });
      expect(await rows()).toEqual(fromZip);
    },
  );
});

describe('Day One details', () => {
  it.skipIf(!sharedJournalsPresent)(
    `getEntry shows the place, the weather and the starred mark ${sharedJournalsPresent ? '' : SKIP_REASON}`,
    async () => {
      await importDayOne(path.join(SAMPLE, 'Example.json'), false);
      const { id } = await temp.db
        .selectFrom('entry')
        .select('id')
        .where('source_id', '=', '2E542464666C4ACE91E83539FF114A76')
        .executeTakeFirstOrThrow();
      const ops = createJournalOperations(temp.db, OWNER, { timeZone: 'UTC' });
      const result = await ops.invokeMethod('journal', 'getEntry', { id });
      expect(result).toMatchObject({
        type: 'value',
        value: {
          place: "Uncle's Tavern, Alice Springs, NT, Australia (-23.70069, 133.88130)",
          weather: 'Partly Cloudy, 34 °C',
          timeZone: 'America/Boise',
        },
      });
    },
  );

  it('reads the oddities: escapes, references (dangling too), (null) fields, pinned, media only, damage named by uuid', async () => {
    const report = await importDayOne(ODDITIES, false);
    expect(report).toMatchObject({ error: null, items: 7, imported: 2 });
    expect(report.skipped).toMatchObject({ 'no-id': 1, 'bad-date': 1, empty: 1, 'duplicate-id': 1, 'no-date': 1 });
    expect(report.skippedIds['bad-date']).toEqual(['AAAA0000000000000000000000000004']);
    expect(report.skippedIds['duplicate-id']).toEqual(['AAAA0000000000000000000000000001']);
    const [first, second] = await rows();
    expect(first!.content).toBe(
      // The photo and the video the entry keeps are shown with it: only the dangling reference stays, as a label.
      'Escapes undone: a.b-c (d) and/or e!\n\n[photo]',
    );
    // 23:30 UTC is already the next day in Berlin.
    expect(first).toMatchObject({
      local_day: '2021-03-02',
      local_time: '00:30',
      media_kind: 'photo',
      media_file_name: '0123456789abcdef0123456789abcdef.jpeg',
    });
    expect(JSON.parse(first!.metadata!)).toMatchObject({
      pinned: true,
      weather: { description: 'Rain', temperature_c: 4.5 },
      media: [{ kind: 'photo' }, { kind: 'video' }],
    });
    // An unknown zone falls back to the journal's (UTC here).
    expect(second).toMatchObject({
      content: '[audio 11112222333344445555666677778888.m4a 0:42]',
      media_kind: 'audio',
      local_time: '08:00',
    });
    const tags = await temp.db.selectFrom('entry_tag').select('tag').orderBy('tag').execute();
    expect(tags.map((t) => t.tag)).toEqual(['family_trip', 'work']);
  });

  it("a zip's media files are kept byte for byte; a member outside the media folders is not unpacked, and nothing unpacked stays behind", async () => {
    const photo = Buffer.from('a photo, as Day One names it by md5');
    const audio = Buffer.from('a voice memo');
    // One an import killed three hours ago left behind: swept.
    const stale = path.join(tmpdir(), 'dayone-media-left-by-a-killed-import');
    mkdirSync(stale, { recursive: true });
    const hoursAgo = new Date(Date.now() - 3 * 3_600_000);
    utimesSync(stale, hoursAgo, hoursAgo);
    const before = unpackedFolders().filter((n) => n !== path.basename(stale));
    const file = path.join(dir, 'media.zip');
    const zip = buildZip([
      { name: 'Journal.json', data: readFileSync(ODDITIES) },
      { name: 'photos/0123456789abcdef0123456789abcdef.jpeg', data: photo },
      { name: 'audios/11112222333344445555666677778888.m4a', data: audio },
      { name: 'photos/../escape.jpeg', data: Buffer.from('never unpacked') },
      { name: 'photos/.', data: Buffer.from('a member named like a folder') },
    ]);
    writeFileSync(file, zip);
    const report = await importDayOne(file, true);
    expect(report).toMatchObject({ error: null, imported: 2, mediaKept: 2 });
    expect(report.mediaMissing).toBeGreaterThan(0);
    const blobs = await temp.db.selectFrom('media_blob').select('sha256').orderBy('sha256').execute();
    expect(blobs.map((b) => b.sha256)).toEqual([sha(photo), sha(audio)].sort());
    expect(existsSync(path.join(tmpdir(), 'escape.jpeg'))).toBe(false);
    expect(unpackedFolders()).toEqual(before);
    expect(existsSync(stale)).toBe(false);
    // A re-import adds nothing twice.
    const again = await importDayOne(file, true);
    expect(again).toMatchObject({ imported: 0, alreadyPresent: 2 });
    expect(await temp.db.selectFrom('media_blob').select('sha256').execute()).toHaveLength(2);
  });

  it("stopped (Ctrl-C) before a zip's media are unpacked: the import stops, and a re-import brings the bytes", async () => {
    const photo = Buffer.from('a photo of a stopped import');
    const file = path.join(dir, 'stopped.zip');
    writeFileSync(
      file,
      buildZip([
        { name: 'Journal.json', data: readFileSync(ODDITIES) },
        { name: 'photos/0123456789abcdef0123456789abcdef.jpeg', data: photo },
      ]),
    );
    const stop = new AbortController();
    stop.abort();
    const stopped = await importSource(temp.db, readDayOne(file, true, { signal: stop.signal }), 'stopped.zip', {
      ownerId: OWNER,
      timeZone: 'UTC',
      signal: stop.signal,
      batchSize: 1,
    });
    expect(stopped).toMatchObject({ error: null, interrupted: true, mediaKept: 0 });
    expect(await temp.db.selectFrom('media_blob').select('sha256').execute()).toEqual([]);
    const again = await importDayOne(file, true);
    expect(again).toMatchObject({ error: null, interrupted: false, mediaKept: 1 });
    const blobs = await temp.db.selectFrom('media_blob').select('sha256').execute();
    expect(blobs.map((b) => b.sha256)).toEqual([sha(photo)]);
  });

  it('several journals in one zip: all by default, --journal chooses, an unknown name is refused', async () => {
    const odd = readFileSync(ODDITIES);
    const other = Buffer.from(
      JSON.stringify({
        metadata: { version: '1.0' },
        entries: [
          {
            uuid: 'BBBB0000000000000000000000000001',
            creationDate: '2022-01-01T10:00:00Z',
            text: 'Travel note',
            starred: true,
          },
        ],
      }),
    );
    const file = path.join(dir, 'two.zip');
    writeFileSync(
      file,
      buildZip([
        { name: 'Journal.json', data: odd },
        { name: 'Travel.json', data: other },
      ]),
    );
    const chosen = await importDayOne(file, true, ['travel']);
    expect(chosen).toMatchObject({ error: null, imported: 1, journals: { Travel: 1 } });
    expect(chosen.skipped['not-selected']).toBe(7);
    const all = await importDayOne(file, true);
    expect(all).toMatchObject({ imported: 2, alreadyPresent: 1, journals: { Journal: 2, Travel: 1 } });
    const unknown = await importDayOne(file, true, ['Nope']);
    expect(unknown.error?.message).toMatch(/holds no journal named "nope"; its journals: "Journal", "Travel"/);
  });

  it('an entry changed in Day One since becomes a revision; its starred mark follows the newer export', async () => {
    await importDayOne(ODDITIES, false);
    const changed = JSON.parse(readFileSync(ODDITIES, 'utf8'));
    changed.entries[0].text = 'Rewritten in Day One';
    changed.entries[0].starred = true;
    const report = await importDayOne(write(JSON.stringify(changed)), false);
    expect(report).toMatchObject({ error: null, imported: 0, alreadyPresent: 2, revised: 1 });
    const entry = await temp.db
      .selectFrom('entry')
      .select(['id', 'content', 'metadata'])
      .where('source_id', '=', 'AAAA0000000000000000000000000001')
      .executeTakeFirstOrThrow();
    expect(entry.content).toBe('Rewritten in Day One');
    expect(JSON.parse(entry.metadata!)).toMatchObject({ starred: true, pinned: true });
    const revisions = await temp.db
      .selectFrom('entry_revision')
      .select('content')
      .where('entry_id', '=', entry.id)
      .execute();
    expect(revisions.map((r) => r.content)).toEqual([expect.stringMatching(/^Escapes undone/)]);
  });

  it('--dry-run counts what would be imported and writes nothing', async () => {
    const report = await importSource(temp.db, readDayOne(ODDITIES, false), 'oddities.json', {
      ownerId: OWNER,
      timeZone: 'UTC',
      dryRun: true,
    });
    expect(report).toMatchObject({ error: null, imported: 2, dryRun: true });
    expect(formatSourceSummary(report)[0]).toMatch(/^Dry run, nothing written\. Day One JSON: would import 2 entries/);
    expect(await rows()).toEqual([]);
  });
});
