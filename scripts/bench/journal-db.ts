/**
 * Generated journals as SQLite files, built once per run and shared by the parts that need them.
 * Setup, not a measured thing: raw prepared inserts in big transactions, the FTS trigger dropped and the index rebuilt.
 */
import { searchTextOf } from '../../src/db/search/search-text.ts';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { generateJournalRows, type GeneratedJournalOptions } from '../../src/demo/demo-journal.ts';

export const BENCH_OWNER_ID = 1;

/** The journal a size stands for: from 2016 on, ~2.5 entries a day, at most ten years (the generator's default span). */
export const journalOptions = (entries: number): GeneratedJournalOptions => ({
  ownerId: BENCH_OWNER_ID,
  entries,
  from: '2016-01-01',
  seed: 7,
});

const INSERT = `INSERT INTO entry (owner_id, source, chat_id, message_id, written_at, local_day, local_time, title, content, edited_at, created_at, search_text)
  VALUES (@owner_id, @source, @chat_id, @message_id, @written_at, @local_day, @local_time, @title, @content, @edited_at, @created_at, @search_text)`;

/** A migrated, empty journal file (the app's own migrations, so the same tables, indexes and triggers). */
export async function createMigratedFile(file: string): Promise<void> {
  rmSync(file, { force: true });
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Loads the generated rows with the FTS insert trigger dropped, then rebuilds the index and puts the trigger back.
 * `words: false` leaves search_text null, as the migration 2026_12_05_000100 leaves a journal of the last release.
 */
export function bulkLoad(
  file: string,
  options: GeneratedJournalOptions,
  batch = 50_000,
  { words = true }: { words?: boolean } = {},
): number {
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = OFF');
    const trigger = sqlite
      .prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'entry_fts_insert'`)
      .get() as { sql: string };
    sqlite.exec('DROP TRIGGER entry_fts_insert');
    const insert = sqlite.prepare(INSERT);
    const insertMany = sqlite.transaction((rows: unknown[]) => {
      for (const row of rows) insert.run(row);
    });
    let rows: unknown[] = [];
    let total = 0;
    for (const row of generateJournalRows(options)) {
      rows.push({ ...row, search_text: words ? (row.search_text ?? searchTextOf(row.title, row.content)) : null });
      if (rows.length >= batch) {
        insertMany(rows);
        total += rows.length;
        rows = [];
      }
    }
    insertMany(rows);
    total += rows.length;
    sqlite.exec(`INSERT INTO entry_fts(entry_fts) VALUES ('rebuild')`);
    sqlite.exec(trigger.sql);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return total;
  } finally {
    sqlite.close();
  }
}

/** Journal files by size, built on first use; `cleanup` removes them unless asked to keep them. */
export class JournalCache {
  readonly #built = new Map<number, string>();

  constructor(
    readonly dir: string,
    readonly keep: boolean,
    readonly log: (line: string) => void = () => undefined,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** The file of a journal with `entries` entries; reused when a kept file was built with the same options. */
  async file(entries: number): Promise<string> {
    const known = this.#built.get(entries);
    if (known) return known;
    const file = path.join(this.dir, `journal-${entries}.sqlite`);
    const stamp = `${file}.options.json`;
    const options = journalOptions(entries);
    const wanted = JSON.stringify(options);
    if (!(existsSync(file) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted)) {
      rmSync(stamp, { force: true });
      const started = Date.now();
      await createMigratedFile(file);
      bulkLoad(file, options);
      writeFileSync(stamp, wanted);
      this.log(
        `built a ${entries.toLocaleString('en-US')}-entry journal in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    this.#built.set(entries, file);
    return file;
  }

  cleanup(): void {
    if (this.keep) return;
    for (const file of this.#built.values()) {
      for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.options.json`]) rmSync(f, { force: true });
    }
    this.#built.clear();
  }
}
