/**
 * `npm run bench -- postgres`: starts a throwaway PostgreSQL server (postgres-server.ts), loads the generated
 * journal at `--size` entries, measures every JournalCollection method against hand-written SQL on the same server
 * (postgres-methods.ts) and the importer against raw inserts (postgres-import.ts), and stops the server, also when
 * a measurement fails.
 */
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openPostgresDatabase } from '../../src/db/postgres/open-postgres.ts';
import { journalOptions } from './journal-db.ts';
import type { MethodsOptions } from './methods.ts';
import { runPostgresImport, type PgImportResult } from './postgres-import.ts';
import { loadGeneratedJournal } from './postgres-load.ts';
import { rawClient, runPostgresMethods, type PgMethodsResult } from './postgres-methods.ts';
import { startPostgres } from './postgres-server.ts';

export interface PostgresResult {
  version: string;
  size: number;
  loadSeconds: number;
  methods: PgMethodsResult;
  import?: PgImportResult;
}

export interface PostgresBenchOptions {
  size: number;
  importSize: number;
  runs: number;
  keep: boolean;
  methods: MethodsOptions;
}

export async function runPostgresBench(
  repoRoot: string,
  cacheDir: string,
  o: PostgresBenchOptions,
  log: (line: string) => void,
): Promise<PostgresResult> {
  const server = await startPostgres(log);
  try {
    const db = openPostgresDatabase(server.url);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    const client = rawClient(server.url);
    await client.connect();
    const t0 = performance.now();
    let loaded: number;
    try {
      loaded = await loadGeneratedJournal(client, journalOptions(o.size));
    } finally {
      await client.end();
    }
    const loadSeconds = (performance.now() - t0) / 1000;
    log(`loaded a ${loaded.toLocaleString('en-US')}-entry journal into PostgreSQL in ${loadSeconds.toFixed(1)} s`);
    const methods = await runPostgresMethods(server.url, o.size, o.methods, log);
    const result: PostgresResult = { version: server.version, size: o.size, loadSeconds, methods };
    if (o.importSize > 0)
      result.import = await runPostgresImport(repoRoot, cacheDir, server.url, o.importSize, o.runs, o.keep, log);
    return result;
  } finally {
    server.stop();
  }
}
