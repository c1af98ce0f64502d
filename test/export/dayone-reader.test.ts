// The demo journal's Day One export, read by someone else's reader: every entry passes the zod schema the Obsidian
// plugin "Day One Importer" validates Day One exports with (vendored in test/fixtures/dayone-reader-schema, MIT), its
// media stand in the text the way that reader finds them (`![](dayone-moment://ID)` for a photo, one slash and the
// list's name for the others), each entry carries the fields real Day One exports carry, and our own importer reads
// the zip back into the same entries, tags, places and photos.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDemoExtras, DEMO_PHOTO_COUNT, withJournalsAndPlaces } from '../../src/demo/demo-extras.ts';
import { DEMO_JOURNAL, generateJournalRows, insertEntryRows } from '../../src/demo/demo-journal.ts';
import { DEMO_PHOTO_SIZE } from '../../src/demo/demo-photos.ts';
import { exportDayOne } from '../../src/export/dayone-export.ts';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { listZip, readZipMember } from '../../src/importer/sources/zip-reader.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { SHARED_JOURNALS, sharedJournalsPresent, SKIP_REASON } from '../helpers/shared-fixtures.ts';
import { DayOneItemSchema } from '../fixtures/dayone-reader-schema/schema.ts';

const OWNER = 7;
const dir = mkdtempSync(path.join(tmpdir(), 'dayone-reader-'));
const zip = path.join(dir, 'demo-dayone.zip');
let source: TempDb;
let target: TempDb;
let journals: Map<string, { metadata: unknown; entries: Record<string, any>[] }>;
let members: string[];

beforeAll(async () => {
  [source, target] = await Promise.all([createTempDb(), createTempDb()]);
  // The demo journal as `npm run demo` builds it: two journals, places, photos with real bytes.
  await insertEntryRows(source.db, withJournalsAndPlaces(generateJournalRows({ ownerId: OWNER, ...DEMO_JOURNAL })));
  await addDemoExtras(source.db, OWNER, new Date('2024-07-01T00:00:00Z'), DEMO_JOURNAL.seed);
  await exportDayOne(source.db, { ownerId: OWNER, file: zip, timeZone: 'UTC' });
  members = (await listZip(zip)).map((m) => m.name);
  journals = new Map();
  for (const member of (await listZip(zip)).filter((m) => m.name.endsWith('.json'))) {
    const chunks: Buffer[] = [];
    for await (const chunk of readZipMember(zip, member)) chunks.push(chunk);
    journals.set(member.name, JSON.parse(Buffer.concat(chunks).toString('utf8')));
  }
}, 60_000);
afterAll(async () => {
  await Promise.all([source.cleanup(), target.cleanup()]);
  rmSync(dir, { recursive: true, force: true });
});

const allEntries = () => [...journals.values()].flatMap((j) => j.entries);

it("passes the third-party reader's schema: every entry of both journals", () => {
  expect([...journals.keys()].sort()).toEqual(['Journal.json', 'Travel.json']);
  expect(allEntries()).toHaveLength(DEMO_JOURNAL.entries);
  for (const [name, journal] of journals) {
    expect(journal.metadata).toEqual({ version: '1.0' });
    for (const entry of journal.entries) {
      const read = DayOneItemSchema.safeParse(entry);
      expect(read.success ? null : `${name} ${entry.uuid}: ${read.error.message}`).toBeNull();
    }
  }
});

it('carries the fields real Day One exports carry, for entries and photos', () => {
  for (const entry of allEntries()) {
    expect(entry.uuid).toMatch(/^[0-9A-F]{32}$/);
    expect(entry).toMatchObject({
      creationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      modifiedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      timeZone: 'UTC',
      isPinned: false,
      isAllDay: false,
      starred: false,
      duration: 0,
      creationDevice: expect.any(String),
    });
  }
  const photos = allEntries().flatMap((e) => e.photos ?? []);
  expect(photos).toHaveLength(DEMO_PHOTO_COUNT);
  for (const photo of photos) {
    expect(Object.keys(photo).sort()).toEqual(
      [
        'creationDevice',
        'date',
        'duration',
        'favorite',
        'fileSize',
        'height',
        'identifier',
        'isSketch',
        'md5',
        'orderInEntry',
        'type',
        'width',
      ].sort(),
    );
    expect(photo).toMatchObject({ type: 'jpg', duration: 0, favorite: false, isSketch: false, ...DEMO_PHOTO_SIZE });
    expect(members).toContain(`photos/${photo.md5}.jpg`);
  }
});

it('places every photo in the text where the reader finds it, and keeps tags and places', () => {
  for (const entry of allEntries()) {
    for (const photo of entry.photos ?? []) expect(entry.text).toContain(`![](dayone-moment://${photo.identifier})`);
    // Only the photo references the reader knows: no `dayone-moment://video/…` it would take for a missing photo.
    expect(entry.text).not.toMatch(/dayone-moment:\/\/(video|audio|pdfAttachment)\//);
  }
  expect(allEntries().filter((e) => e.tags?.length).length).toBeGreaterThan(0);
  const travel = journals.get('Travel.json')!.entries;
  expect(travel.every((e) => e.location?.localityName && typeof e.location.latitude === 'number')).toBe(true);
});

it('reads back through our own importer: the same entries, tags, places and photos', async () => {
  const back = await importSource(target.db, readDayOne(zip, true), path.basename(zip), {
    ownerId: OWNER,
    timeZone: 'UTC',
  });
  expect(back).toMatchObject({ imported: DEMO_JOURNAL.entries, mediaKept: DEMO_PHOTO_COUNT, error: null });
  const count = async (t: TempDb, table: 'entry' | 'entry_tag' | 'entry_media') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  for (const table of ['entry', 'entry_tag', 'entry_media'] as const)
    expect(await count(target, table)).toBe(await count(source, table));
  // The main journal travels as Day One's default `Journal.json` and comes back as the journal of that name.
  const days = (t: TempDb) =>
    t.db
      .selectFrom('entry')
      .select(['local_day', 'local_time', 'journal'])
      .orderBy('written_at')
      .orderBy('id')
      .execute();
  expect(
    (await days(target)).map((r) => [r.local_day, r.local_time, r.journal === 'Journal' ? '' : r.journal]),
  ).toEqual((await days(source)).map((r) => [r.local_day, r.local_time, r.journal ?? '']));
});

it('the vendored schema is the published file, with its license', () => {
  const fixture = path.join(import.meta.dirname, '../fixtures/dayone-reader-schema');
  expect(readFileSync(path.join(fixture, 'LICENSE.md'), 'utf8')).toMatch(
    /^MIT License\n\nCopyright \(c\) 2024 Marc Donald/,
  );
  expect(existsSync(path.join(fixture, 'SOURCE.md'))).toBe(true);
});

/** Fields no export of ours can know: a camera's EXIF, and what depends on the entry (a place, tags). */
const UNKNOWABLE = new Set(['fnumber', 'focalLength', 'location', 'tags']);

it.skipIf(!sharedJournalsPresent)(
  `carries every field Day One's own sample export gives every entry and every photo ${sharedJournalsPresent ? '' : SKIP_REASON}`,
  () => {
    const real = JSON.parse(readFileSync(path.join(SHARED_JOURNALS, 'dayone-official-example/Example.json'), 'utf8'));
    /** The keys every one of `items` has. */
    const always = (items: Record<string, unknown>[]) =>
      Object.keys(items[0]!).filter((k) => !UNKNOWABLE.has(k) && items.every((i) => k in i));
    const realEntries = real.entries as Record<string, any>[];
    const ours = allEntries();
    for (const key of always(realEntries))
      expect(
        ours.every((e) => key in e),
        `entry field ${key}`,
      ).toBe(true);
    const ourPhotos = ours.flatMap((e) => e.photos ?? []);
    for (const key of always(realEntries.flatMap((e) => e.photos ?? [])))
      expect(
        ourPhotos.every((p) => key in p),
        `photo field ${key}`,
      ).toBe(true);
  },
);
