// Several journals through imports and exports: a Day One zip of two journals becomes two journals; --into puts an
// import into one journal; the JSON export carries each entry's journal and its import restores them; an export of
// one journal holds that journal alone (also through `npm run export -- --journal`, a real process).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { readDayOne } from '../../src/importer/sources/dayone.ts';
import { importSource } from '../../src/importer/sources/import-source.ts';
import { readMarkdownNotes } from '../../src/importer/sources/markdown-notes.ts';
import { exportJournal } from '../../src/export/export-journal.ts';
import { importJournalExport } from '../../src/export/import-journal-export.ts';
import { createJournalOperations } from '../../src/journal/journal-operations.ts';
import { describeStores } from '../helpers/stores.ts';
import { PROCESS_TEST_MS, runEntryPoint } from '../helpers/run-entry-point.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { buildZip } from '../helpers/zip-writer.ts';

const OWNER = 111;
const dir = mkdtempSync(path.join(tmpdir(), 'journals-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dayOneJournal = (entries: [uuid: string, at: string, text: string][]) =>
  Buffer.from(
    JSON.stringify({
      metadata: { version: '1.0' },
      entries: entries.map(([uuid, creationDate, text]) => ({ uuid, creationDate, text, timeZone: 'UTC' })),
    }),
  );

/** A Day One zip of two journals: Dreams (2 entries) and Work (3). */
function twoJournalZip(): string {
  const file = path.join(dir, `two-${Math.random().toString(36).slice(2)}.zip`);
  const dreams = dayOneJournal([
    ['D0000000000000000000000000000001', '2024-04-01T06:00:00Z', 'Flying over the river'],
    ['D0000000000000000000000000000002', '2024-04-02T06:00:00Z', 'A house with no doors'],
  ]);
  const work = dayOneJournal([
    ['W0000000000000000000000000000001', '2024-04-01T09:00:00Z', 'Standup'],
    ['W0000000000000000000000000000002', '2024-04-02T09:00:00Z', 'Review of the river project'],
    ['W0000000000000000000000000000003', '2024-04-03T09:00:00Z', 'Planning'],
  ]);
  writeFileSync(
    file,
    buildZip([
      { name: 'Dreams.json', data: dreams },
      { name: 'Work.json', data: work },
    ]),
  );
  return file;
}

/** An Obsidian vault of two daily notes. */
function notesFolder(): string {
  const vault = path.join(dir, `vault-${Math.random().toString(36).slice(2)}`);
  mkdirSync(vault);
  writeFileSync(path.join(vault, '2024-05-01.md'), 'A note on the first of May\n');
  writeFileSync(path.join(vault, '2024-05-02.md'), 'Another note\n');
  return vault;
}

describeStores('journals through imports and exports', () => {
  let temp: TempDb;
  beforeEach(async () => {
    temp = await createTempDb();
  });
  afterEach(() => temp.cleanup());

  const journals = async (db = temp.db) => {
    const r = await createJournalOperations(db, OWNER).invokeMethod('journal', 'listJournals');
    return r.type === 'value' ? r.value : r;
  };
  const importZip = (file: string, chosen: string[] = []) =>
    importSource(temp.db, readDayOne(file, true, { journals: chosen }), path.basename(file), {
      ownerId: OWNER,
      timeZone: 'UTC',
    });

  it('a Day One zip of two journals imports as two journals with their counts; --journal still picks one', async () => {
    const report = await importZip(twoJournalZip());
    expect(report).toMatchObject({ imported: 5, journals: { Dreams: 2, Work: 3 } });
    // No empty Main beside the imported journals (journal-queries.ts journalNames).
    expect(await journals()).toEqual([
      { name: 'Dreams', entries: 2 },
      { name: 'Work', entries: 3 },
    ]);

    const other = await createTempDb();
    try {
      await importSource(other.db, readDayOne(twoJournalZip(), true, { journals: ['dreams'] }), 'zip', {
        ownerId: OWNER,
        timeZone: 'UTC',
      });
      expect(await journals(other.db)).toEqual([{ name: 'Dreams', entries: 2 }]);
    } finally {
      await other.cleanup();
    }
  });

  it('a notes folder imported --into Notes lands there, the other journals unchanged', async () => {
    await importZip(twoJournalZip());
    const report = await importSource(temp.db, readMarkdownNotes(notesFolder(), 'UTC', '00:00'), 'vault', {
      ownerId: OWNER,
      timeZone: 'UTC',
      into: 'Notes',
    });
    expect(report.imported).toBe(2);
    expect(await journals()).toEqual([
      { name: 'Dreams', entries: 2 },
      { name: 'Notes', entries: 2 },
      { name: 'Work', entries: 3 },
    ]);
  });

  it("the JSON export carries each entry's journal and its import restores them; --into puts all of it in one; one journal exports alone", async () => {
    await importZip(twoJournalZip());
    await importSource(temp.db, readMarkdownNotes(notesFolder(), 'UTC', '00:00'), 'vault', {
      ownerId: OWNER,
      timeZone: 'UTC',
    });
    const now = new Date('2024-06-01T00:00:00Z');
    const whole = path.join(dir, `whole-${Math.random().toString(36).slice(2)}.json`);
    await exportJournal(temp.db, {
      ownerId: OWNER,
      format: 'json',
      out: { file: whole },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now,
    });
    const exported = readFileSync(whole, 'utf8');
    expect(exported).toContain('"journal":"Dreams"');

    // The Markdown export keeps journals too: its import rebuilds them.
    const markdown = path.join(dir, `whole-${Math.random().toString(36).slice(2)}.md`);
    await exportJournal(temp.db, {
      ownerId: OWNER,
      format: 'md',
      out: { file: markdown },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now,
    });
    expect(readFileSync(markdown, 'utf8')).toContain('in_journal: "Dreams"');

    const dreamsOnly = path.join(dir, `dreams-${Math.random().toString(36).slice(2)}.json`);
    const result = await exportJournal(temp.db, {
      ownerId: OWNER,
      format: 'json',
      out: { file: dreamsOnly },
      timeZone: 'UTC',
      dayStartsAt: '00:00',
      now,
      journal: 'Dreams',
    });
    expect(result.entries).toBe(2);
    expect(readFileSync(dreamsOnly, 'utf8')).not.toContain('Standup');

    // One at a time: PGlite temp journals of one file share one database, emptied between them.
    const restored = await createTempDb();
    try {
      expect(await importJournalExport(restored.db, whole)).toMatchObject({ imported: 7, error: null });
      expect(await journals(restored.db)).toEqual([
        { name: 'Main', entries: 2 },
        { name: 'Dreams', entries: 2 },
        { name: 'Work', entries: 3 },
      ]);
    } finally {
      await restored.cleanup();
    }
    const merged = await createTempDb();
    try {
      expect(await importJournalExport(merged.db, whole, { into: 'Archive' })).toMatchObject({
        imported: 7,
        error: null,
      });
      expect(await journals(merged.db)).toEqual([{ name: 'Archive', entries: 7 }]);
    } finally {
      await merged.cleanup();
    }
  });
});

it(
  'npm run export -- --format json --journal Dreams exports that journal alone; journal:Work is a handle in the CLI',
  { timeout: PROCESS_TEST_MS },
  async () => {
    const temp = await createTempDb('sqlite');
    try {
      await importSource(temp.db, readDayOne(twoJournalZip(), true), 'zip', { ownerId: OWNER, timeZone: 'UTC' });
      await temp.db.destroy();
      const out = path.join(temp.dir, 'dreams.json');
      const env = { DATABASE_PATH: temp.file, INIT_CWD: temp.dir };
      const run = await runEntryPoint(
        'src/cli/export.ts',
        ['--format', 'json', '--journal', 'dreams', '--owner', String(OWNER), '--out', out],
        { cwd: temp.dir, env },
      );
      expect(run.stdout).toContain('Exported 2 entries of the journal "Dreams"');
      const entries = (JSON.parse(readFileSync(out, 'utf8')) as { entries: { journal?: string }[] }).entries;
      expect(entries.map((e) => e.journal)).toEqual(['Dreams', 'Dreams']);
      const unknown = await runEntryPoint(
        'src/cli/export.ts',
        ['--journal', 'Nightmares', '--owner', String(OWNER), '--out', out],
        { cwd: temp.dir, env },
      );
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('has no journal "Nightmares"; the journals: "Dreams", "Work"');
      const invoked = await runEntryPoint(
        'src/cli/journal.ts',
        ['invoke', 'journal:work', 'getTotalEntryCount', '--owner', String(OWNER)],
        { cwd: temp.dir, env },
      );
      expect([invoked.code, JSON.parse(invoked.stdout)]).toEqual([0, { type: 'value', value: 3 }]);
    } finally {
      await temp.cleanup();
    }
  },
);
