/**
 * Benchmark 2, import: `npm run import` of generated Telegram exports (scripts/synthetic-export.ts), timed end to
 * end with its peak RSS (GNU time), against the raw limit measured in the same run: better-sqlite3 prepared inserts
 * of the same rows (every column) in one transaction (one row per statement, and 500), into the same migrated schema
 * (indexes, FTS5 trigger).
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { writeSyntheticExport } from '../synthetic-export.ts';
import { readAndParseSeconds, writePathSeconds } from './import-breakdown.ts';
import { createMigratedFile } from './journal-db.ts';
import { IMPORTED_COLUMNS, rawInsertMultiRow, rawInsertOneTransaction, readEntryRows } from './raw-insert.ts';
import { median } from './timing.ts';

export const IMPORT_OWNER_ID = 111;
const GNU_TIME = '/usr/bin/time';

export interface ImportRun {
  seconds: number;
  /** The import's own time as its summary line reports it (no npm/tsx start-up, no migrations). */
  importerSeconds: number;
  peakRssBytes: number;
  /** One prepared statement per row, one transaction. */
  rawSeconds: number;
  /** 500 rows per prepared statement (as the importer batches), one transaction. */
  rawMultiSeconds: number;
  /** `npm run import` of a one-message export into a fresh file: the fixed cost of a run (npm, node, modules, migrations, close). */
  startSeconds: number;
}

export interface ImportSize {
  messages: number;
  entries: number;
  fileBytes: number;
  runs: ImportRun[];
  importPerSecond: number;
  importerPerSecond: number;
  rawPerSecond: number;
  rawMultiPerSecond: number;
  /** The faster raw way: the limit the aim is judged against. */
  rawBestPerSecond: number;
  /** The importer's pieces alone, one run each: streaming read + parse, and the write path. */
  readParsePerSecond: number;
  writePathPerSecond: number;
  peakRssBytes: number;
  /** Median of ImportRun.startSeconds. */
  startSeconds: number;
}

/** `npm run import -- <file> --owner <id>` as a user runs it; wall seconds and the peak RSS of the process tree. */
export async function runImportCli(
  repoRoot: string,
  exportFile: string,
  dbFile: string,
  extraEnv: Record<string, string> = {},
): Promise<{ seconds: number; peakRssBytes: number; stdout: string; stderr: string }> {
  const useTime = existsSync(GNU_TIME);
  const npm = ['npm', 'run', '--silent', 'import', '--', exportFile, '--owner', String(IMPORT_OWNER_ID)];
  const [cmd, ...args] = useTime ? [GNU_TIME, '-f', 'BENCH_TIME %e %M', ...npm] : npm;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATABASE_PATH: dbFile,
    JOURNAL_TIMEZONE: 'UTC',
    ALLOWED_USER_IDS: String(IMPORT_OWNER_ID),
    ...extraEnv,
  };
  const t0 = performance.now();
  const child = spawn(cmd!, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - t0) / 1000;
  const m = /BENCH_TIME ([\d.]+) (\d+)/.exec(stderr);
  if (code !== 0) throw new Error(`npm run import exited ${code}:\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`);
  return { seconds, peakRssBytes: m ? Number(m[2]) * 1024 : Number.NaN, stdout, stderr };
}

const countEntries = (file: string): number => {
  const raw = new SQLite(file, { readonly: true });
  try {
    return (raw.prepare('SELECT count(*) AS n FROM entry').get() as { n: number }).n;
  } finally {
    raw.close();
  }
};

const removeDb = (file: string) => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
};

export async function runImportBench(
  repoRoot: string,
  dir: string,
  sizes: number[],
  runs: number,
  keep: boolean,
  log: (line: string) => void = () => undefined,
): Promise<ImportSize[]> {
  const out: ImportSize[] = [];
  for (const messages of sizes) {
    const exportFile = path.join(dir, `export-${messages}.json`);
    const made = await writeSyntheticExport(exportFile, { messages, shape: 'single', ownerId: IMPORT_OWNER_ID });
    log(`export of ${messages.toLocaleString('en-US')} messages: ${(made.bytes / 1e6).toFixed(0)} MB`);
    const dbFile = path.join(dir, `import-${messages}.sqlite`);
    const rawFile = path.join(dir, `import-raw-${messages}.sqlite`);
    const tinyFile = path.join(dir, 'export-1.json');
    await writeSyntheticExport(tinyFile, { messages: 1, shape: 'single', ownerId: IMPORT_OWNER_ID });
    const results: ImportRun[] = [];
    let rows: Record<string, unknown>[] = [];
    for (let r = 0; r < runs; r++) {
      removeDb(dbFile);
      const tiny = await runImportCli(repoRoot, tinyFile, dbFile);
      removeDb(dbFile);
      const cli = await runImportCli(repoRoot, exportFile, dbFile);
      const stored = countEntries(dbFile);
      if (stored !== made.entries)
        throw new Error(`import stored ${stored} entries, expected ${made.entries}:\n${cli.stdout.slice(-1500)}`);
      if (r === 0) rows = readEntryRows(dbFile, IMPORTED_COLUMNS);
      await createMigratedFile(rawFile);
      const rawSeconds = rawInsertOneTransaction(rawFile, rows, IMPORTED_COLUMNS);
      const rawStored = countEntries(rawFile);
      await createMigratedFile(rawFile);
      const rawMultiSeconds = rawInsertMultiRow(rawFile, rows, 500, IMPORTED_COLUMNS);
      if (rawStored !== stored || countEntries(rawFile) !== stored)
        throw new Error(`raw inserts stored ${rawStored} and ${countEntries(rawFile)} rows, not ${stored}`);
      const importerSeconds = Number(/messages read, ([\d.]+) s\)/.exec(cli.stdout)?.[1] ?? Number.NaN);
      results.push({
        seconds: cli.seconds,
        importerSeconds,
        peakRssBytes: cli.peakRssBytes,
        rawSeconds,
        rawMultiSeconds,
        startSeconds: tiny.seconds,
      });
      log(
        `import ${messages}: npm run import ${cli.seconds.toFixed(1)} s (importer ${importerSeconds.toFixed(1)} s, peak RSS ${(cli.peakRssBytes / 2 ** 20).toFixed(0)} MB; one message ${tiny.seconds.toFixed(1)} s), raw insert ${rawSeconds.toFixed(1)} s, 500 rows a statement ${rawMultiSeconds.toFixed(1)} s`,
      );
    }
    const readParse = await readAndParseSeconds(exportFile, IMPORT_OWNER_ID, made.entries);
    const writePath = await writePathSeconds(rawFile, rows);
    log(`import ${messages}: read + parse alone ${readParse.toFixed(1)} s, write path alone ${writePath.toFixed(1)} s`);
    out.push({
      messages,
      entries: made.entries,
      fileBytes: statSync(exportFile).size,
      runs: results,
      importPerSecond: messages / median(results.map((x) => x.seconds)),
      importerPerSecond: messages / median(results.map((x) => x.importerSeconds)),
      rawPerSecond: made.entries / median(results.map((x) => x.rawSeconds)),
      rawMultiPerSecond: made.entries / median(results.map((x) => x.rawMultiSeconds)),
      rawBestPerSecond:
        made.entries /
        Math.min(median(results.map((x) => x.rawSeconds)), median(results.map((x) => x.rawMultiSeconds))),
      peakRssBytes: median(results.map((x) => x.peakRssBytes)),
      startSeconds: median(results.map((x) => x.startSeconds)),
      readParsePerSecond: messages / readParse,
      writePathPerSecond: made.entries / writePath,
    });
    removeDb(dbFile);
    removeDb(rawFile);
    rmSync(tinyFile, { force: true });
    if (!keep) rmSync(exportFile, { force: true });
  }
  return out;
}
