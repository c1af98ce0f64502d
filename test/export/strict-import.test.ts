// Imports of our own exports never store a value no date can be (issue 41): an entry at 25:99, in month 13, on a day
// its instant is not, with an unknown zone or a media name that is no name, is skipped and named; every other entry
// and mood is imported. A moods-only import names the moods it brought. JSON and Markdown, through `npm run import`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importJournalExport } from '../../src/export/import-journal-export.ts';
import { importMarkdownExport } from '../../src/export/import-markdown-export.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { setMood } from '../../src/journal/mood/mood.ts';
import { runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 7;
const NOW = new Date('2025-01-10T12:00:00Z');
const ZONE = 'Europe/Berlin';
const dir = mkdtempSync(path.join(tmpdir(), 'strict-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let source: TempDb;
let target: TempDb;
beforeEach(async () => {
  [source, target] = await Promise.all([createTempDb(), createTempDb()]);
  for (let i = 1; i <= 5; i++) {
    await storeEntry(
      source.db,
      {
        ownerId: OWNER,
        source: 'live',
        chatId: OWNER,
        messageId: i,
        writtenAt: new Date(`2024-05-0${i}T10:00:00Z`),
        text: `Day ${i}`,
        media: [],
        hashtags: [],
      },
      { timeZone: ZONE, now: NOW },
    );
  }
  await setMood(source.db, OWNER, '2024-05-01', 4, NOW);
});
afterEach(async () => {
  await Promise.all([source.cleanup(), target.cleanup()]);
});

const exportTo = async (format: 'json' | 'md') => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.${format}`);
  await exportJournal(source.db, {
    ownerId: OWNER,
    format,
    out: { file },
    timeZone: ZONE,
    dayStartsAt: '00:00',
    now: NOW,
  });
  return file;
};
const texts = (t: TempDb) =>
  t.db
    .selectFrom('entry')
    .select('content')
    .orderBy('written_at')
    .execute()
    .then((rows) => rows.map((r) => r.content));

/** Entry `n` (1-based) of a JSON export with `edit` applied to it. */
function damageJson(file: string, n: number, edit: (entry: Record<string, unknown>) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, unknown>[] };
  edit(json.entries[n - 1]!);
  writeFileSync(file, JSON.stringify(json));
}

describe('the JSON export import', () => {
  it.each([
    [
      'a time of 25:99',
      (e: Record<string, unknown>) => void (e.local_time = '25:99'),
      /entry 2 \(id \d+\): local_time must be HH:mm, 00:00 to 23:59/,
    ],
    [
      'an instant in month 13',
      (e: Record<string, unknown>) => void (e.written_at = '2024-13-45T99:00:00Z'),
      /entry 2 \(id \d+\): written_at is not a real time/,
    ],
    [
      'a local day in month 13',
      (e: Record<string, unknown>) => void (e.local_day = '2024-13-02'),
      /entry 2 \(id \d+\): local_day is not a calendar day/,
    ],
    [
      'February 30',
      (e: Record<string, unknown>) => void (e.local_day = '2024-02-30'),
      /local_day is not a calendar day/,
    ],
    [
      'a day its instant is not',
      (e: Record<string, unknown>) => void (e.local_day = '2024-05-09'),
      /local_day 2024-05-09 and local_time 12:00 do not follow from written_at 2024-05-02T10:00:00.000Z \(in Europe\/Berlin it is 2024-05-02 12:00\)/,
    ],
    [
      'an unknown zone of its own',
      (e: Record<string, unknown>) => void (e.metadata = { time_zone: 'Mars/Olympus' }),
      /metadata.time_zone "Mars\/Olympus" is not a time zone/,
    ],
    [
      'an edit time of hour 24',
      (e: Record<string, unknown>) => void (e.edited_at = '2024-05-02T24:00:00Z'),
      /edited_at is not a real time/,
    ],
    [
      'a media name with a control character',
      (e: Record<string, unknown>) =>
        void (e.media_items = [
          {
            kind: 'file',
            sha256: null,
            mime_type: 'application/pdf',
            size: 1,
            width: null,
            height: null,
            duration_seconds: null,
            file_name: 'a\u0007.pdf',
            file_id: null,
            note: 'x',
            path: null,
          },
        ]),
      /media_items.0.file_name must be a file name without control characters/,
    ],
  ])('skips and names an entry with %s, importing the others', async (_name, edit, named) => {
    const file = await exportTo('json');
    damageJson(file, 2, edit);
    const report = await importJournalExport(target.db, file);
    expect(report).toMatchObject({ entries: 5, imported: 4, error: null });
    expect(report.damaged).toHaveLength(1);
    expect(report.damaged[0]).toMatch(named);
    expect(await texts(target)).toEqual(['Day 1', 'Day 3', 'Day 4', 'Day 5']);
  });

  it('keeps an entry whose day follows from another zone (the owner moved since)', async () => {
    const file = await exportTo('json');
    // Written in New York: 06:00 on the same day, not Berlin's 12:00.
    damageJson(file, 2, (e) => void (e.local_time = '06:00'));
    expect(await importJournalExport(target.db, file)).toMatchObject({ imported: 5, damaged: [], error: null });
  });

  it('stops, saying why, on a header whose zone is no zone', async () => {
    const file = await exportTo('json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(`"time_zone":"${ZONE}"`, '"time_zone":"Nowhere/City"'));
    const report = await importJournalExport(target.db, file);
    expect(report).toMatchObject({
      imported: 0,
      error: 'time_zone "Nowhere/City" is not a time zone (expected an IANA name such as "Europe/Berlin")',
    });
  });

  it('npm run import names the skipped entry and what it brought', async () => {
    const file = await exportTo('json');
    damageJson(file, 3, (e) => void (e.local_time = '25:99'));
    await target.db.destroy();
    const run = await runEntryPoint('src/cli/import.ts', [file], {
      cwd: dir,
      env: { DATABASE_PATH: target.file, ALLOWED_USER_IDS: String(OWNER), JOURNAL_TIMEZONE: ZONE },
    });
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toMatch(
      /^Imported 4 of 5 entries from the journal's JSON export into user 7's journal; 0 already there\.\nMoods: 1 day set \(2024-05-01 🙂\)\.\nSkipped 1 damaged item: entry 3 \(id \d+\): local_time must be HH:mm/,
    );
  });
});

describe('the Markdown export import', () => {
  it('skips and names an entry at 25:99 or in month 13, importing the others', async () => {
    const file = await exportTo('md');
    let text = readFileSync(file, 'utf8');
    text = text.replace('local_time: "12:00"', 'local_time: "25:99"');
    text = text.replace('written_at: "2024-05-03T10:00:00.000Z"', 'written_at: "2024-13-03T10:00:00.000Z"');
    writeFileSync(file, text);
    const report = await importMarkdownExport(target.db, file);
    expect(report).toMatchObject({ entries: 5, imported: 3, error: null });
    expect(report.damaged).toEqual([
      expect.stringMatching(/^entry \d+ \(.* line \d+\): local_time must be HH:mm, 00:00 to 23:59$/),
      expect.stringMatching(/^entry \d+ \(.* line \d+\): written_at is not a real time/),
    ]);
    expect(await texts(target)).toEqual(['Day 2', 'Day 4', 'Day 5']);
  });

  it('skips and names a day that does not follow from its instant', async () => {
    const file = await exportTo('md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('local_day: "2024-05-04"', 'local_day: "2023-05-04"'));
    const report = await importMarkdownExport(target.db, file);
    expect(report).toMatchObject({
      imported: 4,
      damaged: [
        expect.stringMatching(
          /local_day 2023-05-04 and local_time 12:00 do not follow from written_at 2024-05-04T10:00:00.000Z/,
        ),
      ],
    });
  });
});

describe('a moods-only import', () => {
  it('names the moods it brought', async () => {
    const file = path.join(dir, 'moods-only.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'journal-objects-export',
        version: 1,
        exported_at: NOW.toISOString(),
        owner_id: OWNER,
        time_zone: ZONE,
        day_starts_at: '00:00',
        moods: [
          { day: '2024-06-01', mood: 5, set_at: NOW.toISOString() },
          { day: '2024-06-02', mood: 1, set_at: NOW.toISOString() },
          { day: '2024-13-01', mood: 3, set_at: NOW.toISOString() },
        ],
        part: 1,
        entries: [],
      }),
    );
    await target.db.destroy();
    const run = await runEntryPoint('src/cli/import.ts', [file], {
      cwd: dir,
      env: { DATABASE_PATH: target.file, ALLOWED_USER_IDS: String(OWNER), JOURNAL_TIMEZONE: ZONE },
    });
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toBe(
      "Imported 0 of 0 entries from the journal's JSON export into user 7's journal; 0 already there.\n" +
        'Moods: 2 days set (2024-06-01 😄, 2024-06-02 😞).\n' +
        'Skipped 1 damaged item: moods.2 (day 2024-13-01): day is not a calendar day (month 01–12, a day the month has) (not imported).\n',
    );
  });
});
