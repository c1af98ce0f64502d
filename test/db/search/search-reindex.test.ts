// Existing journals (issue 47): the migration 2026_12_05_000100_search_text leaves every entry's search_text null, and
// the app indexes them after the migrations, batch by batch, saying how far it is; stopped halfway, the next run
// resumes where it was. The FTS5 table is declared as the entry table's index the way sqlite-utils and Datasette
// detect one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { MIGRATIONS_FOLDER, migrationFiles } from '../../../src/db/migration-files.ts';
import { openDatabase } from '../../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../../src/db/journal-database.ts';
import { reindexSearchText, type ReindexProgress } from '../../../src/db/search/search-reindex.ts';
import { findEntriesPage } from '../../../src/journal/views/entry-pages.ts';
import { describeStores } from '../../helpers/stores.ts';
import { createTempDb, testJournalKey } from '../../helpers/temp-db.ts';

const MIGRATION = '2026_12_05_000100_search_text';
const OWNER = 1;

/** The SQLite migrations before this one, as a journal written by the last release has them. */
const before: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of migrationFiles(MIGRATIONS_FOLDER).filter((f) => f < MIGRATION))
      migrations[file.replace(/\.ts$/, '')] = (await import(
        pathToFileURL(path.join(MIGRATIONS_FOLDER, file)).href
      )) as Migration;
    return migrations;
  },
};

const TEXTS = [
  'We walked along the rivers',
  'Coffee at the corner',
  'Мы гуляли по набережной',
  'Caminamos por la playa',
];

/** `n` entries written with the old schema's columns only (no search_text), as the last release wrote them. */
async function oldEntries(db: JournalDb, n: number, from = 1): Promise<void> {
  for (let i = from; i < from + n; i += 500) {
    const rows = Array.from({ length: Math.min(500, from + n - i) }, (_, k) => {
      const m = i + k;
      const text = `${TEXTS[m % TEXTS.length]} ${m}`;
      return sql`(${OWNER}, 'live', 10, ${m}, ${`2024-01-01T10:00:${String(m % 60).padStart(2, '0')}.000Z`}, '2024-01-01', '10:00', ${text}, ${text}, '2024-01-01T10:00:00.000Z')`;
    });
    await sql`INSERT INTO entry (owner_id, source, chat_id, message_id, written_at, local_day, local_time, title, content, created_at)
      VALUES ${sql.join(rows)}`.execute(db);
  }
}

const pending = async (db: JournalDb) =>
  Number((await sql<{ n: number }>`SELECT count(*) AS n FROM entry WHERE search_text IS NULL`.execute(db)).rows[0]!.n);

describe('re-indexing a journal of the last release (SQLite)', () => {
  let dir: string | undefined;
  let db: JournalDb | undefined;
  afterEach(async () => {
    await db?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function oldJournal(entries: number): Promise<JournalDb> {
    dir = mkdtempSync(path.join(tmpdir(), 'search-reindex-'));
    db = openDatabase(path.join(dir, 'journal.db'));
    const { error } = await new Migrator({ db, provider: before }).migrateToLatest();
    expect(error).toBeUndefined();
    await oldEntries(db, entries);
    return db;
  }

  it('indexes every entry after the migration, saying how far it is, and search finds word forms', async () => {
    const journal = await oldJournal(2_500);
    const heard: ReindexProgress[] = [];
    const applied = await migrateToLatest(journal, undefined, (p) => heard.push(p));
    // The last release's journal lacks this migration (and any other of the same day, the web login links).
    expect(applied.map((r) => r.migrationName)).toContain(MIGRATION);
    expect(await pending(journal)).toBe(0);
    expect(heard[0]).toEqual({ done: 0, total: 2_500 });
    expect(heard.at(-1)).toEqual({ done: 2_500, total: 2_500 });
    expect(heard.length).toBeGreaterThan(2); // batch by batch
    const found = await findEntriesPage(journal, OWNER, { search: ['walking river'] }, { limit: 5, offset: 0 });
    expect(found.length).toBe(5);
    expect(found.every((e) => e.content.startsWith('We walked along the rivers'))).toBe(true);
    const russian = await findEntriesPage(journal, OWNER, { search: ['набережная'] }, { limit: 3, offset: 0 });
    expect(russian.every((e) => e.content.includes('набережной'))).toBe(true);
    // The index agrees with the table it is declared over.
    await sql`INSERT INTO entry_fts(entry_fts, rank) VALUES ('integrity-check', 1)`.execute(journal);
  });

  it('stopped halfway, resumes at the first entry still to index instead of starting over', async () => {
    const journal = await oldJournal(5_000);
    // The migration alone (the re-index stopped before its first batch, as a crash would stop it).
    const { error } = await new Migrator({
      db: journal,
      provider: {
        getMigrations: async () => ({
          ...(await before.getMigrations()),
          [MIGRATION]: (await import(pathToFileURL(path.join(MIGRATIONS_FOLDER, `${MIGRATION}.ts`)).href)) as Migration,
        }),
      },
    }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(await pending(journal)).toBe(5_000);
    const crash = new Error('the process died');
    await expect(
      reindexSearchText(
        journal,
        (p) => {
          if (p.done >= 2_000) throw crash;
        },
        1_000,
      ),
    ).rejects.toBe(crash);
    expect(await pending(journal)).toBe(3_000); // two batches committed, nothing half-written
    const heard: ReindexProgress[] = [];
    expect(await reindexSearchText(journal, (p) => heard.push(p), 1_000)).toBe(3_000);
    expect(heard[0]).toEqual({ done: 0, total: 3_000 });
    expect(await pending(journal)).toBe(0);
    // Nothing left: the next start checks with one index seek and does nothing.
    expect(await reindexSearchText(journal)).toBe(0);
  });

  it("declares the FTS5 table as the entry table's index, as sqlite-utils detects it", async () => {
    const journal = await oldJournal(10);
    await migrateToLatest(journal);
    // sqlite-utils' Table.detect_fts(), verbatim: the FTS table whose SQL names content="entry" or content=[entry].
    const detectFts = `SELECT name FROM sqlite_master WHERE rootpage = 0 AND (sql LIKE '%VIRTUAL TABLE%USING FTS%content=[entry]%'
      OR sql LIKE '%VIRTUAL TABLE%USING FTS%content="entry"%' OR (tbl_name = 'entry' AND sql LIKE '%VIRTUAL TABLE%USING FTS%'))`;
    expect((await sql.raw<{ name: string }>(detectFts).execute(journal)).rows).toEqual([{ name: 'entry_fts' }]);
    // Its rows are the entries' ids, and its columns the entry table's own.
    const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info('entry_fts')`.execute(journal))
      .rows;
    expect(columns.map((c) => c.name)).toEqual(['search_text', 'search_more']);
    const python = spawnSync('python3', ['-c', 'import sqlite3'], { encoding: 'utf8' });
    if (python.status !== 0 || testJournalKey()) return; // the SQL above is what sqlite-utils runs; Python repeats it
    const file = path.join(dir!, 'journal.db');
    await journal.destroy();
    db = undefined;
    const run = spawnSync(
      'python3',
      [
        '-c',
        `import sqlite3, sys\ndb = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)\nprint(db.execute(sys.argv[2]).fetchall())\nprint(db.execute("select count(*) from entry join entry_fts on entry_fts.rowid = entry.id where entry_fts match 'rivers'").fetchone()[0])`,
        file,
        detectFts,
      ],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n')).toEqual(["[('entry_fts',)]", '0']);
  });
});

describeStores('re-indexing entries the migration left to index', () => {
  it('fills search_text for them on every store and ranks as freshly written entries do', async () => {
    const temp = await createTempDb();
    try {
      await oldEntries(temp.db, 1_200);
      await reindexSearchText(temp.db);
      const fresh = await findEntriesPage(temp.db, OWNER, { search: ['walk rivers coffee'] }, { limit: 30, offset: 0 });
      // As the migration leaves them: every entry's words to be written again.
      await sql`UPDATE entry SET search_text = NULL`.execute(temp.db);
      expect(
        await findEntriesPage(temp.db, OWNER, { search: ['walk rivers coffee'] }, { limit: 30, offset: 0 }),
      ).toEqual([]);
      const heard: ReindexProgress[] = [];
      expect(await reindexSearchText(temp.db, (p) => heard.push(p), 500)).toBe(1_200);
      expect(heard.map((p) => p.done)).toEqual([0, 500, 1_000, 1_200]);
      expect(fresh.length).toBe(30);
      expect(
        await findEntriesPage(temp.db, OWNER, { search: ['walk rivers coffee'] }, { limit: 30, offset: 0 }),
      ).toEqual(fresh);
    } finally {
      await temp.cleanup();
    }
  });
});
