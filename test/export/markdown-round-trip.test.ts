// The Markdown export is a backup: any line in an entry's text (headings, fences, times, comments) survives, and every
// field the journal keeps comes back. Export → import into an empty journal → export gives the same file; importing
// an export into the journal it came from adds nothing; a damaged entry is named and the others imported.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importMarkdownExport, isFaithfulMarkdownTarget } from '../../src/export/import-markdown-export.ts';
import { insertEntryBatch } from '../../src/journal/entries/entry-batch.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { OWNER, seedRichJournal, snapshot } from './journal-fixture.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'md-round-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let source: TempDb;
let target: TempDb;
const NOW = new Date('2025-01-10T12:00:00Z');

/** Texts a Markdown reader would take for structure: each must come back as it was, on its own day. */
export const MARKDOWN_LOOKING_TEXTS = [
  '### 12:00\nlunch with Ana',
  'Notes\n```\n## 2024-01-01 Monday\n### 07:15 · photo\n```\nend of notes',
  '### 07:15 · photo',
  '<!-- entry 5\nlines: 1\n-->\nnot a comment of ours',
  '---\ntitle: "not front matter"\n---',
  '  leading spaces and a trailing line break\n',
  'a carriage\rreturn and a windows\r\nline',
  '# Journal 2024\n\n## 2024-12-31 Tuesday',
];

beforeEach(async () => {
  source = await createTempDb();
  target = await createTempDb();
  await seedRichJournal(source.db);
  await insertEntryBatch(
    source.db,
    MARKDOWN_LOOKING_TEXTS.map((text, i) => ({
      ownerId: OWNER,
      source: 'import' as const,
      chatId: 901,
      messageId: i + 1,
      writtenAt: new Date(`2024-01-23T${String(8 + i).padStart(2, '0')}:30:15.250Z`),
      text,
      editedAt: null,
      metadata:
        i === 0
          ? {
              starred: true,
              journal: 'Work',
              place: { name: 'Café', latitude: 52.5, longitude: 13.4 },
              weather: { description: 'Sunny', temperature_c: 21.5 },
              time_zone: 'America/New_York',
            }
          : null,
      hashtags: i === 1 ? ['not_in_text'] : [],
    })),
    { timeZone: 'Europe/Berlin', now: NOW, dayStartsAt: '04:00' },
  );
});
afterEach(async () => {
  await source.cleanup();
  await target.cleanup();
});

/** The snapshot with metadata as the object it stands for (its stored key order is the writer's, not a field). */
async function fields(db: TempDb['db']) {
  const shot = await snapshot(db);
  return {
    ...shot,
    entries: shot.entries.map((e) => ({ ...e, metadata: e.metadata === null ? null : JSON.parse(e.metadata) })),
  };
}

const exportMd = (db: TempDb['db'], file: string) =>
  exportJournal(db, {
    ownerId: OWNER,
    format: 'md',
    out: { file },
    timeZone: 'Europe/Berlin',
    dayStartsAt: '04:00',
    now: NOW,
  });

describe('the Markdown export as a backup', () => {
  it('export → import into an empty journal → export gives the same file, every field back', async () => {
    const first = path.join(dir, 'first.md');
    await exportMd(source.db, first);
    expect(isFaithfulMarkdownTarget(first)).toBe(true);
    const report = await importMarkdownExport(target.db, first);
    expect(report).toEqual({
      ownerId: OWNER,
      entries: 15,
      imported: 15,
      alreadyPresent: 0,
      damaged: [],
      mediaKept: 0,
      mediaMissing: 4,
      moods: [],
      prompts: 0,
      journals: { '': 15 },
      error: null,
    });
    expect(await fields(target.db)).toEqual(await fields(source.db));
    const second = path.join(dir, 'second.md');
    await exportMd(target.db, second);
    expect(readFileSync(second, 'utf8')).toBe(readFileSync(first, 'utf8'));
    // Every Markdown-looking text is back whole, on the day it was written.
    const days = await target.db
      .selectFrom('entry')
      .select(['content', 'local_day'])
      .where('chat_id', '=', 901)
      .orderBy('message_id')
      .execute();
    expect(days).toEqual(MARKDOWN_LOOKING_TEXTS.map((content) => ({ content, local_day: '2024-01-23' })));
  });

  it('reads as Markdown: headings per day and entry, the fields in a comment, seconds and zone kept', async () => {
    const file = path.join(dir, 'read.md');
    await exportMd(source.db, file);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^format: "journal-objects-markdown"\nversion: 3\nowner_id: 111$/m);
    expect(text).toContain('## 2024-01-23 Tuesday\n\n### 09:30 (America/New_York)\n<!-- entry ');
    expect(text).toMatch(/written_at: "2024-01-23T08:30:15.250Z"\n/);
    expect(text).toMatch(
      /\nstarred: true\ntime_zone: "America\/New_York"\njournal: "Work"\nplace: \{"name":"Café","latitude":52.5,"longitude":13.4\}\nweather: \{"description":"Sunny","temperature_c":21.5\}\n/,
    );
    expect(text).toContain('tags: ["not_in_text"]');
    expect(text).toMatch(
      /revisions: \[\{"id":\d+,"title":"Year end #review","content":"Year end #review\\nLots to think about.","replaced_at":"2024-12-30T09:00:00.000Z"\}\]/,
    );
    expect(text).toContain('lines: 4\n-->\n<!-- entry 5\nlines: 1\n-->\nnot a comment of ours\n');
  });

  it('imported into the journal it came from, adds nothing', async () => {
    const file = path.join(dir, 'same.md');
    await exportMd(source.db, file);
    const before = await snapshot(source.db);
    expect(await importMarkdownExport(source.db, file)).toMatchObject({
      entries: 15,
      imported: 0,
      alreadyPresent: 15,
      damaged: [],
    });
    expect(await snapshot(source.db)).toEqual(before);
  });

  it('a damaged entry is named and the others are imported; text added by hand outside entries is named', async () => {
    const file = path.join(dir, 'damaged.md');
    await exportMd(source.db, file);
    const text = readFileSync(file, 'utf8')
      .replace(/written_at: "2024-06-01T18:00:00.000Z"/, 'written_at: "yesterday"')
      .replace('# Journal\n', '# Journal\n\nA note added by hand.\n');
    writeFileSync(file, text);
    const report = await importMarkdownExport(target.db, file);
    expect(report).toMatchObject({ entries: 15, imported: 14, error: null });
    expect(report.damaged).toEqual([
      expect.stringMatching(/^damaged\.md line \d+: text outside any entry \(not imported\)$/),
      expect.stringMatching(/^entry \d+ \(damaged\.md line \d+\): written_at must be an ISO instant in UTC/),
    ]);
  });

  it(
    "npm run import of it says what it did and imports into the export's owner",
    { timeout: PROCESS_TEST_MS },
    async () => {
      const file = path.join(dir, 'cli.md');
      await exportMd(source.db, file);
      const fresh = path.join(dir, 'cli.sqlite');
      const imported = await runEntryPoint('src/cli/import.ts', [file], {
        cwd: dir,
        env: {
          DATABASE_PATH: fresh,
          ALLOWED_USER_IDS: String(OWNER),
          JOURNAL_TIMEZONE: 'Europe/Berlin',
          JOURNAL_DAY_STARTS_AT: '04:00',
        },
      });
      expect(imported.stdout).toMatch(
        /^Imported 15 of 15 entries from the journal's Markdown export into user 111's journal; 0 already there\./,
      );
      expect(imported.code).toBe(0);
    },
  );
});
