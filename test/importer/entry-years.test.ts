// One rule for every importer: an instant whose local day (in the entry's own zone) is not a day a journal can hold
// (YYYY-MM-DD, years 1970 to 9999) is skipped and named as damage, and no row can hold such a day. A Day One entry at
// 9999-12-31T20:00Z in Pacific/Kiritimati (UTC+14: 10000-01-01 there) is named; the others import, and the
// journal's JSON and Markdown exports of the result work and import back whole.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importJournalExport } from '../../src/export/import-journal-export.ts';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { formatSourceSummary } from '../../src/importer/sources/source-summary.ts';
import { inEntryYears, isWritableDay } from '../../src/journal/dates/local-moment.ts';
import { entryRowFromDraft } from '../../src/journal/entries/entry.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';

const OWNER = 30;
const dir = mkdtempSync(path.join(tmpdir(), 'entry-years-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let temp: TempDb;
let other: TempDb;
beforeEach(async () => {
  temp = await createTempDb();
  other = await createTempDb();
});
afterEach(async () => {
  await temp.cleanup();
  await other.cleanup();
});

const LAST_UUID = 'DDDD0000000000000000000000009999';
const dayOne = {
  metadata: { version: '1.0' },
  entries: [
    { uuid: LAST_UUID, creationDate: '9999-12-31T20:00:00Z', timeZone: 'Pacific/Kiritimati', text: 'The last evening' },
    ...Array.from({ length: 6 }, (_, i) => ({
      uuid: `DDDD000000000000000000000000000${i}`,
      creationDate: `2024-0${i + 1}-10T10:00:00Z`,
      timeZone: 'Pacific/Kiritimati',
      text: `Entry ${i}`,
    })),
  ],
};

describe('dates a journal can hold', () => {
  it('a day is writable when it is YYYY-MM-DD in years 0001 to 9999', () => {
    expect(isWritableDay('9999-12-31')).toBe(true);
    expect(isWritableDay('+010000-01-01')).toBe(false);
    expect(isWritableDay('0000-12-31')).toBe(false);
    expect(inEntryYears(new Date('9999-12-31T20:00:00Z'), 'Pacific/Kiritimati')).toBe(false);
    expect(inEntryYears(new Date('9999-12-31T20:00:00Z'), 'UTC')).toBe(true);
  });

  it('no row is made for a day the exports cannot write', () => {
    const draft = {
      ownerId: 1,
      source: 'import' as const,
      chatId: 1,
      messageId: 1,
      writtenAt: new Date('9999-12-31T20:00:00Z'),
      text: 'x',
    };
    expect(() => entryRowFromDraft(draft, 'Pacific/Kiritimati', new Date())).toThrow(
      /falls on \+010000-01 in Pacific\/Kiritimati: not a day a journal can hold/,
    );
  });

  it('a Day One entry in year 9999 at UTC+14 is named as damage; the other six import; both exports work', async () => {
    const file = path.join(dir, 'Journal.json');
    writeFileSync(file, JSON.stringify(dayOne));
    const report = await importSource(temp.db, readDayOne(file, false), 'Journal.json', {
      ownerId: OWNER,
      timeZone: 'UTC',
    });
    expect(report.imported).toBe(6);
    expect(report.skipped['bad-date']).toBe(1);
    expect(formatSourceSummary(report).join('\n')).toContain(
      `1 with an impossible or out-of-range date (years 1970–9999 only) (entry ${LAST_UUID})`,
    );

    const json = path.join(dir, 'export.json');
    await exportJournal(temp.db, {
      ownerId: OWNER,
      format: 'json',
      out: { file: json },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: new Date(),
    });
    const back = await importJournalExport(other.db, json);
    expect(back).toMatchObject({ entries: 6, imported: 6, damaged: [], error: null });

    const markdown = path.join(dir, 'export.md');
    const written = await exportJournal(temp.db, {
      ownerId: OWNER,
      format: 'md',
      out: { file: markdown },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now: new Date(),
    });
    expect(written.entries).toBe(6);
    expect(readFileSync(markdown, 'utf8')).toContain('Entry 5');
  });
});
