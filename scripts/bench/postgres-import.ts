/**
 * The postgres part, import half: `npm run import` of a generated export into a DATABASE_URL store (the app's
 * importer, end to end, as a user runs it), against raw PostgreSQL inserts of the same rows (read back from the
 * imported database) into a fresh database with the same migrations (indexes, UNIQUE key, generated tsvector, GIN
 * index), all in one transaction: 500 rows per multi-row INSERT … VALUES (as the importer batches), and
 * INSERT … SELECT FROM unnest(column arrays) with 10,000 rows a statement. Ratios are against the faster.
 */
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type Pg from 'pg';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openPostgresDatabase } from '../../src/db/postgres/open-postgres.ts';
import type { NewEntryRow } from '../../src/db/schema.ts';
import { writeSyntheticExport } from '../synthetic-export.ts';
import { IMPORT_OWNER_ID, runImportCli } from './import-speed.ts';
import { columnArrays, UNNEST_INSERT } from './postgres-load.ts';
import { rawClient } from './postgres-methods.ts';
import { ENTRY_COLUMNS } from './raw-insert.ts';
import { median, nowMs } from './timing.ts';

export interface PgImportResult {
  messages: number;
  entries: number;
  fileBytes: number;
  runs: number;
  importSeconds: number;
  importerSeconds: number;
  valuesSeconds: number;
  unnestSeconds: number;
  importPerSecond: number;
  importerPerSecond: number;
  valuesPerSecond: number;
  unnestPerSecond: number;
  rawBestPerSecond: number;
  rawBest: 'multi-row VALUES' | 'unnest';
}

const VALUES_PER_STATEMENT = 500;
const UNNEST_PER_STATEMENT = 10_000;

/** A fresh database of that name on the server, migrated by the app's PostgreSQL migrations; its URL. */
async function freshDatabase(admin: Pg.Client, baseUrl: string, name: string): Promise<string> {
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = openPostgresDatabase(url.toString());
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return url.toString();
}

async function withClient<T>(url: string, fn: (c: Pg.Client) => Promise<T>): Promise<T> {
  const c = rawClient(url);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function rawValues(url: string, rows: NewEntryRow[]): Promise<number> {
  return withClient(url, async (c) => {
    const t0 = nowMs();
    await c.query('BEGIN');
    for (let i = 0; i < rows.length; i += VALUES_PER_STATEMENT) {
      const chunk = rows.slice(i, i + VALUES_PER_STATEMENT);
      const n = ENTRY_COLUMNS.length;
      const text = `INSERT INTO entry (${ENTRY_COLUMNS.join(', ')}) VALUES ${chunk.map((_, r) => `(${ENTRY_COLUMNS.map((_, k) => `$${r * n + k + 1}`).join(', ')})`).join(', ')}`;
      await c.query(
        text,
        chunk.flatMap((row) => ENTRY_COLUMNS.map((col) => (row as unknown as Record<string, unknown>)[col] ?? null)),
      );
    }
    await c.query('COMMIT');
    return (nowMs() - t0) / 1000;
  });
}

async function rawUnnest(url: string, rows: NewEntryRow[]): Promise<number> {
  return withClient(url, async (c) => {
    const t0 = nowMs();
    await c.query('BEGIN');
    for (let i = 0; i < rows.length; i += UNNEST_PER_STATEMENT)
      await c.query(UNNEST_INSERT, columnArrays(rows.slice(i, i + UNNEST_PER_STATEMENT)));
    await c.query('COMMIT');
    return (nowMs() - t0) / 1000;
  });
}

const countEntries = (url: string) =>
  withClient(url, async (c) => Number((await c.query('SELECT count(*) AS n FROM entry')).rows[0].n));

export async function runPostgresImport(
  repoRoot: string,
  dir: string,
  baseUrl: string,
  messages: number,
  runs: number,
  keep: boolean,
  log: (line: string) => void,
): Promise<PgImportResult> {
  const exportFile = path.join(dir, `pg-export-${messages}.json`);
  const made = await writeSyntheticExport(exportFile, { messages, shape: 'single', ownerId: IMPORT_OWNER_ID });
  const admin = rawClient(baseUrl);
  await admin.connect();
  try {
    const timings: { importSeconds: number; importerSeconds: number; valuesSeconds: number; unnestSeconds: number }[] =
      [];
    let rows: NewEntryRow[] = [];
    for (let r = 0; r < runs; r++) {
      // The CLI migrates the empty database itself, as a user's first import would.
      await admin.query('DROP DATABASE IF EXISTS import_app');
      await admin.query('CREATE DATABASE import_app');
      const appUrl = Object.assign(new URL(baseUrl), { pathname: '/import_app' }).toString();
      const cli = await runImportCli(repoRoot, exportFile, path.join(dir, 'unused.sqlite'), { DATABASE_URL: appUrl });
      const stored = await countEntries(appUrl);
      if (stored !== made.entries)
        throw new Error(`import stored ${stored} entries, expected ${made.entries}:\n${cli.stdout.slice(-1500)}`);
      if (r === 0)
        rows = await withClient(
          appUrl,
          async (c) =>
            (await c.query(`SELECT ${ENTRY_COLUMNS.join(', ')} FROM entry ORDER BY id`)).rows as NewEntryRow[],
        );
      const valuesUrl = await freshDatabase(admin, baseUrl, 'import_raw');
      const valuesSeconds = await rawValues(valuesUrl, rows);
      const valuesStored = await countEntries(valuesUrl);
      const unnestUrl = await freshDatabase(admin, baseUrl, 'import_raw');
      const unnestSeconds = await rawUnnest(unnestUrl, rows);
      const unnestStored = await countEntries(unnestUrl);
      if (valuesStored !== stored || unnestStored !== stored)
        throw new Error(`raw inserts stored ${valuesStored} and ${unnestStored} rows, not ${stored}`);
      const importerSeconds = Number(/messages read, ([\d.]+) s\)/.exec(cli.stdout)?.[1] ?? Number.NaN);
      timings.push({ importSeconds: cli.seconds, importerSeconds, valuesSeconds, unnestSeconds });
      log(
        `postgres import ${messages}: npm run import ${cli.seconds.toFixed(1)} s (importer ${importerSeconds.toFixed(1)} s), raw VALUES ${valuesSeconds.toFixed(1)} s, raw unnest ${unnestSeconds.toFixed(1)} s`,
      );
    }
    const med = (k: keyof (typeof timings)[number]) => median(timings.map((t) => t[k]));
    const [importSeconds, importerSeconds, valuesSeconds, unnestSeconds] = [
      med('importSeconds'),
      med('importerSeconds'),
      med('valuesSeconds'),
      med('unnestSeconds'),
    ];
    return {
      messages,
      entries: made.entries,
      fileBytes: statSync(exportFile).size,
      runs,
      importSeconds,
      importerSeconds,
      valuesSeconds,
      unnestSeconds,
      importPerSecond: messages / importSeconds,
      importerPerSecond: messages / importerSeconds,
      valuesPerSecond: made.entries / valuesSeconds,
      unnestPerSecond: made.entries / unnestSeconds,
      rawBestPerSecond: made.entries / Math.min(valuesSeconds, unnestSeconds),
      rawBest: valuesSeconds <= unnestSeconds ? 'multi-row VALUES' : 'unnest',
    };
  } finally {
    await admin.query('DROP DATABASE IF EXISTS import_app').catch(() => undefined);
    await admin.query('DROP DATABASE IF EXISTS import_raw').catch(() => undefined);
    await admin.end();
    if (!keep) rmSync(exportFile, { force: true });
  }
}
