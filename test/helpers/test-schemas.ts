// Throwaway schemas on the real PostgreSQL server (TEST_DATABASE_URL): a database per test file, a schema per test
// database inside it.
//
// Why a database per file: kysely's migrator asks PostgresIntrospector.getTables whether its migration table exists,
// and that query reads every table of the database and calls has_schema_privilege(nspname) and
// pg_get_serial_sequence(table, column) by name for each. DDL another file runs meanwhile (a schema dropped, a column
// renamed to break search on purpose) makes those calls fail the migration ("schema … does not exist", "column … does
// not exist": both seen in CI). The catalog is per database, so files in their own databases cannot disturb each
// other; a file's tests run one after another. Inside a vitest run nothing is dropped until every file is done:
// global-setup.ts drops the run's databases (named with the run's prefix) at teardown. Outside vitest (the bench
// scripts: one process, nothing beside them) schemas go in the server's own database and are dropped on release.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Set by global-setup.ts for one vitest run; every database the run makes starts with it. */
export const RUN_PREFIX_ENV = 'JOURNAL_TEST_DB_PREFIX';

const uniqueName = (kind: string) => `${kind}_${randomUUID().replaceAll('-', '')}`;

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The server URL with another database name. */
export function urlWithDatabase(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates a fresh database on the server, named with the run's prefix (dropped at the run's teardown). */
export async function createTestDatabase(serverUrl: string): Promise<string> {
  const name = `${process.env[RUN_PREFIX_ENV] ?? ''}${uniqueName('file')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  return urlWithDatabase(serverUrl, name);
}

// One database per test file, made on first use. A worker's files share this module (vitest.config.ts), so
// test/each-file.ts forgets the last file's database before the next file runs: a connection an earlier file left open
// (a transaction holding kysely's migration lock, which is one per database) can never stall a later file.
let fileDatabase: Promise<string> | undefined;

/** A new test file starts: its schemas go in a database of its own. */
export function forgetFileDatabase(): void {
  fileDatabase = undefined;
}

/** Where this test file's schemas live: its own database inside a vitest run, the server's database outside one. */
function databaseForSchemas(serverUrl: string): Promise<string> {
  if (!process.env[RUN_PREFIX_ENV]) return Promise.resolve(serverUrl);
  fileDatabase ??= createTestDatabase(serverUrl);
  return fileDatabase;
}

export interface TestSchema {
  name: string;
  /** A URL of the schema's database (without the schema: see urlWithSchema). */
  databaseUrl: string;
  /** Drops the schema now outside vitest; inside a run the teardown drops its whole database. */
  release(): Promise<void>;
}

/** Creates a fresh schema named `<kind>_<uuid>` in this file's database. */
export async function createTestSchema(serverUrl: string, kind: string): Promise<TestSchema> {
  const databaseUrl = await databaseForSchemas(serverUrl);
  const name = uniqueName(kind);
  await onServer(databaseUrl, `CREATE SCHEMA ${name}`);
  return {
    name,
    databaseUrl,
    release: async () => {
      if (!process.env[RUN_PREFIX_ENV]) await onServer(databaseUrl, `DROP SCHEMA ${name} CASCADE`);
    },
  };
}

/** Drops every database whose name starts with `prefix` (the run's teardown). Returns how many. */
export async function dropDatabasesStartingWith(serverUrl: string, prefix: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)`,
      [prefix],
    );
    // FORCE: a pool a test forgot to close must not keep its database alive (PostgreSQL 13 and later).
    for (const { name } of rows) await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
    return rows.length;
  } finally {
    await client.end();
  }
}
