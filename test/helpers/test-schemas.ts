// Throwaway schemas on the real PostgreSQL server (TEST_DATABASE_URL), one per test database.
//
// Why drops wait for the end of the run: kysely's migrator asks PostgresIntrospector.getTables whether its
// migration table exists, and that query calls has_schema_privilege(nspname) for every schema in the catalog.
// A schema another test file drops between the catalog scan and that call fails the migration with
// "schema … does not exist" (seen in CI). Inside a vitest run nothing is dropped until every file is done:
// global-setup.ts drops this run's schemas (named with the run's prefix) at teardown. Outside vitest (the
// bench scripts, one process, nothing running beside them) a schema is dropped as soon as it is released.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Set by global-setup.ts for one vitest run; every schema the run makes starts with it. */
export const RUN_PREFIX_ENV = 'JOURNAL_TEST_SCHEMA_PREFIX';

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestSchema {
  name: string;
  /** Drops the schema now, or leaves it to the run's teardown (see above). */
  release(): Promise<void>;
}

/** Creates a fresh schema named `<run prefix><kind>_<uuid>` on the server. */
export async function createTestSchema(serverUrl: string, kind: string): Promise<TestSchema> {
  const runPrefix = process.env[RUN_PREFIX_ENV];
  const name = `${runPrefix ?? ''}${kind}_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `CREATE SCHEMA ${name}`);
  return {
    name,
    release: async () => {
      if (!runPrefix) await onServer(serverUrl, `DROP SCHEMA ${name} CASCADE`);
    },
  };
}

/** Drops every schema whose name starts with `prefix` (the run's teardown). Returns how many. */
export async function dropSchemasStartingWith(serverUrl: string, prefix: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)`,
      [prefix],
    );
    // One at a time: a single DROP of hundreds of schemas can exceed max_locks_per_transaction.
    for (const { name } of rows) await client.query(`DROP SCHEMA ${name} CASCADE`);
    return rows.length;
  } finally {
    await client.end();
  }
}
