// jrnl (JSON, text, folder journals) and Markdown daily notes (Obsidian, Logseq) on the shared real samples and on
// small hand-written files for each oddity; and the project's own Markdown export importing back to the same entries.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importMarkdownExport } from '../../src/export/import-markdown-export.ts';
import { importSource, type SourceReport } from '../../src/importer/sources/import-source.ts';
import { readJrnlJson, readJrnlText } from '../../src/importer/sources/jrnl.ts';
import { readMarkdownNotes } from '../../src/importer/sources/markdown-notes.ts';
import type { SourceReader } from '../../src/importer/sources/source-item.ts';
import { insertEntryBatch } from '../../src/journal/entries/entry-batch.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { SHARED_JOURNALS, SKIP_REASON, sharedJournalsPresent } from '../helpers/shared-fixtures.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER, seedRichJournal } from '../export/journal-fixture.ts';
import { entriesWithMedia } from '../helpers/entry-media-columns.ts';

const OWN = (name: string) => path.join(REPO_ROOT, 'test/fixtures/journals', name);
const JRNL = path.join(SHARED_JOURNALS, 'jrnl');
const dir = mkdtempSync(path.join(tmpdir(), 'notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let temp: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
});
afterEach(() => temp.cleanup());

const run = (reader: SourceReader, db = temp.db): Promise<SourceReport> =>
  importSource(db, reader, 'test', { ownerId: OWNER, timeZone: 'Europe/Berlin', dayStartsAt: '00:00' });
const rows = (db = temp.db) =>
  db
    .selectFrom('entry')
    .select(['id', 'source_id', 'written_at', 'local_day', 'local_time', 'title', 'content', 'metadata'])
    .orderBy('written_at')
    .orderBy('source_id')
    .execute();
const tagsOf = async (entryId: number) =>
  (await temp.db.selectFrom('entry_tag').select('tag').where('entry_id', '=', entryId).orderBy('tag').execute()).map(
    (t) => t.tag,
  );
const skip = !sharedJournalsPresent;
const why = sharedJournalsPresent ? '' : SKIP_REASON;

describe('jrnl', () => {
  it.skipIf(skip)(`the JSON export: titles, bodies, tags, times in JOURNAL_TIMEZONE ${why}`, async () => {
    const report = await run(readJrnlJson(path.join(JRNL, 'jrnl-docs-formats-example.json'), 'Europe/Berlin'));
    expect(report).toMatchObject({ error: null, imported: 3 });
    const [first, second] = await rows();
    expect(first).toMatchObject({
      title: 'This is the first sample entry',
      content: 'This is the first sample entry\nThis is the sample body text of the first sample entry.',
    });
    // 18:22 in Berlin (summer time) is 16:22 UTC.
    expect(first).toMatchObject({
      written_at: '2020-06-28T16:22:00.000Z',
      local_day: '2020-06-28',
      local_time: '18:22',
    });
    expect(await tagsOf(second!.id)).toEqual(['tag']);
    expect(
      (await run(readJrnlJson(path.join(JRNL, 'jrnl-docs-formats-example.json'), 'Europe/Berlin'))).alreadyPresent,
    ).toBe(3);
  });

  it.skipIf(skip)(
    `a text journal with @tags, a folder journal, a little-endian one with --date-format ${why}`,
    async () => {
      const tags = await run(readJrnlText(path.join(JRNL, 'jrnl-org-tests/tags.journal'), 'Europe/Berlin'));
      expect(tags).toMatchObject({ error: null, imported: 2 });
      const [idea] = await rows();
      expect(idea).toMatchObject({ title: 'I have an @idea:', local_day: '2013-04-09', local_time: '15:39' });
      expect(await tagsOf(idea!.id)).toEqual(['idea', 'journal']);
      const folder = await run(readJrnlText(path.join(JRNL, 'jrnl-org-tests/basic_folder'), 'Europe/Berlin'));
      expect(folder).toMatchObject({ error: null, imported: 3, label: 'jrnl folder journal' });
      const little = await run(
        readJrnlText(path.join(JRNL, 'jrnl-org-tests/little_endian_dates.journal'), 'Europe/Berlin', '%d.%m.%Y %H:%M'),
      );
      expect(little).toMatchObject({ error: null, imported: 2 });
      expect((await rows()).map((r) => r.local_day)).toContain('2013-07-10');
      const damaged = await run(
        readJrnlText(path.join(JRNL, 'jrnl-org-tests/mostlyreadabledates.journal'), 'Europe/Berlin'),
      );
      // `[2019-07 14:23]` is not in the journal's timeformat: a line of the second entry's body, not a lost entry.
      expect(damaged).toMatchObject({ imported: 2, skippedIds: {} });
      expect((await rows()).find((r) => r.title === 'The second entry')!.content).toMatch(
        /\n\[2019-07 14:23\] The third entry\nI've crossed so many timelines/,
      );
    },
  );

  it('body lines that merely look like times stay in the body: only the timeformat, parsed as a date, starts an entry', async () => {
    const file = path.join(dir, 'times.txt');
    writeFileSync(
      file,
      'Notes before any entry.\n\n[2024-05-01 09:00] Morning.\n[10:30 am] call mom\n[9:30:15] standup\n[2024-05-01] no time\nlast line\n\n[2024-05-02 08:00] Next day.\n',
    );
    const report = await run(readJrnlText(file, 'Europe/Berlin'));
    expect(report).toMatchObject({ error: null, imported: 2, skippedIds: { 'no-date': ['times.txt line 1'] } });
    const [morning, next] = await rows();
    expect(morning!.content).toBe('Morning.\n[10:30 am] call mom\n[9:30:15] standup\n[2024-05-01] no time\nlast line');
    expect(next!.content).toBe('Next day.');
    // With a timeformat of its own, only that format starts an entry.
    const dotted = path.join(dir, 'dotted.txt');
    writeFileSync(
      dotted,
      '[01.06.2024 10:00] First.\n[2024-06-01 11:00] not this format\n[02.06.2024 10:00] Second.\n',
    );
    await temp.cleanup();
    temp = await createTempDb();
    expect(await run(readJrnlText(dotted, 'Europe/Berlin', '%d.%m.%Y %H:%M'))).toMatchObject({ imported: 2 });
    expect((await rows())[0]!.content).toBe('First.\n[2024-06-01 11:00] not this format');
  });

  it('starred (trailing " *"), the title ending at the first sentence, two entries of one minute, an impossible hour', async () => {
    const report = await run(readJrnlText(OWN('jrnl/starred.txt'), 'Europe/Berlin'));
    expect(report).toMatchObject({ error: null, imported: 2, skippedIds: {} });
    const [starred, second] = await rows();
    // A bracketed hour that does not exist does not start an entry: it stays in the body, nothing dropped.
    expect(second!.content).toBe('Same minute, second entry.\n[2024-04-16 25:10] An impossible hour.');
    expect(starred).toMatchObject({
      source_id: 'starred:2024-04-15 09:30',
      title: 'A starred morning.',
      content: 'A starred morning.\nWith a body on the title line\nMore body, with @Work and an email me@example.com.',
    });
    expect(JSON.parse(starred!.metadata!)).toEqual({ starred: true });
    expect(await tagsOf(starred!.id)).toEqual(['work']);
    expect(second).toMatchObject({ source_id: 'starred:2024-04-15 09:30#2', metadata: null });
  });
});

describe('Markdown daily notes', () => {
  it.skipIf(skip)(
    `an Obsidian folder and a Logseq journals folder: one entry per note, empty ones counted ${why}`,
    async () => {
      const obsidian = await run(readMarkdownNotes(path.join(SHARED_JOURNALS, 'obsidian-fw6'), 'Europe/Berlin'));
      expect(obsidian).toMatchObject({ error: null, imported: 2, skipped: { 'no-date': 1 } });
      const logseq = await run(readMarkdownNotes(path.join(SHARED_JOURNALS, 'logseq-docs'), 'Europe/Berlin'));
      expect(logseq).toMatchObject({ error: null, imported: 4, skipped: { empty: 71, 'other-format': 16 } });
      const notes = await rows();
      expect(notes.map((n) => n.source_id)).toContain('obsidian:2023-02-11');
      expect(notes.find((n) => n.source_id === 'logseq:2021-02-20')).toMatchObject({
        local_day: '2021-02-20',
        local_time: '00:00',
        title: '- DONE Write changelog for v0.0.9',
      });
    },
  );

  it('tags from front matter, #tags and Logseq properties; template notes skipped; dates from file names only', async () => {
    const obsidian = await run(readMarkdownNotes(OWN('obsidian'), 'Europe/Berlin'));
    expect(obsidian).toMatchObject({ error: null, imported: 1, skipped: { empty: 1, 'bad-date': 1, 'no-date': 1 } });
    const [note] = await rows();
    expect(note).toMatchObject({
      source_id: 'obsidian:2024-04-15',
      local_day: '2024-04-15',
      content: '# Monday\n\nWalked by the #river with Anna. #walk/evening',
    });
    // `walk` too: the journal's own hashtag rule reads `#walk/evening` in the text as #walk.
    expect(await tagsOf(note!.id)).toEqual(['deep_work', 'journal', 'river', 'walk', 'walk_evening']);
    const logseq = await run(readMarkdownNotes(OWN('logseq'), 'Europe/Berlin'));
    expect(logseq).toMatchObject({ imported: 1, skipped: { empty: 1 }, label: 'Logseq journals' });
    const page = (await rows()).find((r) => r.source_id === 'logseq:2024-04-15')!;
    expect(await tagsOf(page.id)).toEqual(['garden', 'kitchen_garden', 'outdoors', 'spring_plans']);
  });
});

describe("the project's own Markdown export", () => {
  it('exported and imported into an empty journal gives the same entries, text and times', async () => {
    await seedRichJournal(temp.db);
    // An entry of another app, dated in its own zone, goes through too.
    await insertEntryBatch(
      temp.db,
      [
        {
          ownerId: OWNER,
          source: 'import',
          chatId: -1,
          messageId: 1,
          sourceApp: 'dayone',
          sourceId: 'X1',
          writtenAt: new Date('2024-07-01T03:00:00Z'),
          timeZone: 'America/New_York',
          text: 'Night in New York',
          editedAt: null,
          metadata: { time_zone: 'America/New_York' },
        },
      ],
      { timeZone: 'Europe/Berlin', now: new Date(), dayStartsAt: '04:00' },
    );
    const out = path.join(dir, 'md');
    await exportJournal(temp.db, {
      ownerId: OWNER,
      format: 'md',
      out: { dir: out },
      timeZone: 'Europe/Berlin',
      dayStartsAt: '04:00',
      now: new Date('2025-01-10T12:00:00Z'),
    });
    const target = await createTempDb();
    try {
      const report = await importMarkdownExport(target.db, out);
      expect(report).toMatchObject({ error: null, imported: 8, damaged: [] });
      const shape = async (db: TempDb['db']) =>
        (
          await entriesWithMedia(db)
            .clearSelect()
            .select(['written_at', 'local_day', 'local_time', 'content', 'm.kind as media_kind'])
            .where('entry.owner_id', '=', OWNER)
            .orderBy('written_at')
            .execute()
        ).map((r) => ({ ...r, content: r.content.trim() }));
      expect(await shape(target.db)).toEqual(await shape(temp.db));
      const again = await importMarkdownExport(target.db, out);
      expect(again).toMatchObject({ imported: 0, alreadyPresent: 8 });
    } finally {
      await target.cleanup();
    }
  });
});
