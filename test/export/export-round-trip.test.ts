// The JSON export is lossless: exported, then imported into an empty database, every field of every entry is back
// (ids, source, instants, local day and time, content, revisions, media and file ids, tags), by the real CLIs too.
import { combinedFtsQuery } from '../../src/db/sqlite/sqlite-store.ts';
import { parseSearch } from '../../src/journal/search/search-syntax.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importJournalExport, isJournalExport } from '../../src/export/import-journal-export.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { countEntries } from '../../src/journal/views/entry-queries.ts';
import { storeEntry } from '../../src/journal/entries/entry-store.ts';
import { createTempDb, filePglite, type TempDb } from '../helpers/temp-db.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { OWNER, seedRichJournal, snapshot } from './journal-fixture.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let source: TempDb;
let target: TempDb;
beforeEach(async () => {
  source = await createTempDb();
  target = await createTempDb();
  await seedRichJournal(source.db);
});
afterEach(async () => {
  await source.cleanup();
  await target.cleanup();
});

const NOW = new Date('2025-01-10T12:00:00Z');
const exportTo = (file: string, maxPartBytes?: number) =>
  exportJournal(source.db, {
    ownerId: OWNER,
    format: 'json',
    out: { file },
    maxPartBytes,
    timeZone: 'Europe/Berlin',
    dayStartsAt: '04:00',
    now: NOW,
  });

describe('JSON export', { timeout: PROCESS_TEST_MS }, () => {
  it('documents itself: header first, then one entry per line with every field', async () => {
    const file = path.join(dir, 'doc.json');
    const result = await exportTo(file);
    expect(result.entries).toBe(7);
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(parsed)).toEqual([
      'format',
      'version',
      'exported_at',
      'owner_id',
      'time_zone',
      'day_starts_at',
      'part',
      'entries',
    ]);
    expect(parsed).toMatchObject({
      format: 'journal-objects-export',
      version: 1,
      owner_id: OWNER,
      time_zone: 'Europe/Berlin',
      day_starts_at: '04:00',
      part: 1,
    });
    const voice = parsed.entries.find((e: any) => e.media?.kind === 'voice_note');
    expect(voice).toMatchObject({
      source: 'live',
      local_day: '2024-12-30', // 02:30 in Berlin, before the day starts at 04:00
      local_time: '02:30',
      content: 'Fireworks over the river, #newyear soon',
      media: {
        kind: 'voice_note',
        file_id: 'AwACAgIAAxk',
        duration_seconds: 42,
        file_size: 4000,
        transcribed_at: '2024-12-31T01:31:00.000Z',
      },
      tags: ['newyear'],
    });
    expect(parsed.entries.find((e: any) => e.message_id === 1)).toMatchObject({
      tags: ['plans', 'review'],
      revisions: [{ content: 'Year end #review\nLots to think about.' }],
    });
    expect(await isJournalExport(file)).toBe(true);
  });

  it('imported into an empty database, reproduces every field of every entry; a second import adds nothing', async () => {
    const file = path.join(dir, 'round.json');
    await exportTo(file);
    const report = await importJournalExport(target.db, file);
    expect(report).toEqual({
      ownerId: OWNER,
      entries: 7,
      imported: 7,
      alreadyPresent: 0,
      damaged: [],
      mediaKept: 0,
      mediaMissing: 4,
      moods: [],
      prompts: 0,
      journals: { '': 7 },
      error: null,
    });
    expect(await snapshot(target.db)).toEqual(await snapshot(source.db));
    expect(await importJournalExport(target.db, file)).toMatchObject({ imported: 0, alreadyPresent: 7 });
    // Search works on the re-imported text (the FTS index follows the inserts).
    const { sql } = await import('kysely');
    expect(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from entry_fts where entry_fts match ${combinedFtsQuery([parseSearch('fireworks')])}`.execute(
          target.db,
        )
      ).rows[0]!.n,
    ).toBe(1);
  });

  it('split into parts under a size limit, each part a whole export; importing them all gives the same journal', async () => {
    const base = path.join(dir, 'parts.json');
    const result = await exportTo(base, 700);
    expect(result.files.length).toBeGreaterThan(2);
    for (const f of result.files) {
      expect(f.bytes).toBeLessThanOrEqual(Math.max(700, 1000));
      expect(JSON.parse(readFileSync(f.path, 'utf8')).format).toBe('journal-objects-export');
      await importJournalExport(target.db, f.path);
    }
    expect(result.files.map((f) => path.basename(f.path)).slice(0, 2)).toEqual(['parts.json', 'parts.part2.json']);
    expect(await snapshot(target.db)).toEqual(await snapshot(source.db));
  });

  it('a damaged entry is skipped and named (place, id, field); every other entry is imported', async () => {
    const file = path.join(dir, 'bad.json');
    await exportTo(file);
    const text = readFileSync(file, 'utf8');
    const damagedId = (JSON.parse(text).entries as { id: number; local_day: string }[]).find(
      (e) => e.local_day === '2024-12-30',
    )!.id;
    writeFileSync(file, text.replace('"local_day":"2024-12-30"', '"local_day":"30.12.2024"'));
    const report = await importJournalExport(target.db, file);
    expect(report).toMatchObject({ entries: 7, imported: 6, error: null });
    expect(report.damaged).toEqual([
      expect.stringMatching(new RegExp(`^entry \\d \\(id ${damagedId}\\): local_day must be YYYY-MM-DD`)),
    ]);
    const ids = (await snapshot(target.db)).entries.map((e) => e.id);
    expect(ids).toHaveLength(6);
    expect(ids).not.toContain(damagedId);
    // The CLI says so, and exits 0: the rest of the journal is in.
    const fresh = path.join(dir, 'damaged-cli.sqlite');
    const imported = await runEntryPoint('src/cli/import.ts', [file], {
      cwd: dir,
      env: { DATABASE_PATH: fresh, ALLOWED_USER_IDS: String(OWNER) },
    });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      /Imported 6 of 7 entries .*\n(Media: .*\n)?Skipped 1 damaged item: entry \d \(id \d+\): local_day must be YYYY-MM-DD/,
    );
  });

  it('npm run export, then npm run import into an empty database, reproduce the journal', async () => {
    const env = (db: string) => ({
      DATABASE_PATH: db,
      ALLOWED_USER_IDS: String(OWNER),
      JOURNAL_TIMEZONE: 'Europe/Berlin',
      JOURNAL_DAY_STARTS_AT: '04:00',
    });
    // The journal's days were computed with 04:00 (seedRichJournal), as the app records: the export shifts none of them.
    await source.db
      .insertInto('journal_setting')
      .values({ key: 'day_starts_at', value: '04:00' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '04:00' }))
      .execute();
    await source.db.destroy();
    const out = path.join(dir, 'cli.json');
    const exported = await runEntryPoint('src/cli/export.ts', ['--out', out], { cwd: dir, env: env(source.file) });
    expect(exported.stderr).toBe('');
    expect(exported).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Exported 7 entries of user 111 to:\n {2}.*cli\.json/),
    });
    const fresh = path.join(dir, 'fresh.sqlite');
    const imported = await runEntryPoint('src/cli/import.ts', [out], { cwd: dir, env: env(fresh) });
    expect(imported).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Imported 7 of 7 entries from the journal's JSON export into user 111's journal/),
    });
    const before = openDatabase(source.file);
    const after = openDatabase(fresh);
    try {
      expect(await snapshot(after)).toEqual(await snapshot(before));
    } finally {
      await before.destroy();
      await after.destroy();
    }
    source.db = openDatabase(source.file); // for cleanup
  });
});

// A journal moves between stores through its export: every field comes back on PostgreSQL, and ids kept by the
// import are never handed out again (a PostgreSQL sequence does not follow inserted ids by itself).
describe('JSON export from SQLite into PostgreSQL (PGlite)', () => {
  beforeAll(async () => void (await filePglite()), 120_000);

  it('reproduces every field of every entry; search and new entries work after it', async () => {
    const file = path.join(dir, 'to-postgres.json');
    await exportTo(file);
    const postgres = await createTempDb('pglite');
    try {
      expect(await importJournalExport(postgres.db, file)).toEqual({
        ownerId: OWNER,
        entries: 7,
        imported: 7,
        alreadyPresent: 0,
        damaged: [],
        mediaKept: 0,
        mediaMissing: 4,
        moods: [],
        prompts: 0,
        journals: { '': 7 },
        error: null,
      });
      const moved = await snapshot(postgres.db);
      // PostgreSQL's generated search column is the store's own, not the journal's.
      expect({
        ...moved,
        entries: moved.entries.map(({ search_vector: _, search_length: __, ...e }: Record<string, unknown>) => e),
      }).toEqual(await snapshot(source.db));
      expect(await countEntries(postgres.db, OWNER, { search: ['fireworks'] })).toBe(1);
      const highest = Math.max(...moved.entries.map((e) => e.id));
      const next = await storeEntry(
        postgres.db,
        { ownerId: OWNER, source: 'live', chatId: OWNER, messageId: 999, writtenAt: NOW, text: 'after the move' },
        { timeZone: 'Europe/Berlin', now: NOW },
      );
      expect(next).toBeGreaterThan(highest);
    } finally {
      await postgres.cleanup();
    }
  });
});
