// The real-PostgreSQL suite gives each test file its own database and each test database a schema in it. CI broke
// twice while files shared one database: kysely's migrator reads the whole catalog by name, and a schema dropped or a
// column renamed by another file mid-read failed that migration. These tests pin the cure (test-schemas.ts).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openPostgresDatabase } from '../../src/db/postgres/open-postgres.ts';
import { TEST_DATABASE_URL, urlWithSchema } from '../helpers/temp-db.ts';
import { createTestDatabase, createTestSchema, onServer, RUN_PREFIX_ENV } from '../helpers/test-schemas.ts';

describe.skipIf(!TEST_DATABASE_URL)('test databases on the real server', () => {
  const server = TEST_DATABASE_URL!;

  it("a file's schemas live in its own database, named with the run's prefix, kept until the run's teardown", async () => {
    const prefix = process.env[RUN_PREFIX_ENV];
    // global-setup.ts sets it before the workers start; without it schemas would share the server's database.
    expect(prefix, 'global setup did not reach this worker').toMatch(/^t[0-9a-f]{8}_$/);
    const first = await createTestSchema(server, 'probe');
    const second = await createTestSchema(server, 'probe');
    const database = new URL(first.databaseUrl).pathname.slice(1);
    expect(database.startsWith(prefix!)).toBe(true);
    expect(second.databaseUrl).toBe(first.databaseUrl);
    await first.release();
    const db = openPostgresDatabase(first.databaseUrl, { max: 1 });
    try {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname IN (${first.name}, ${second.name})`.execute(db);
      expect(rows[0]!.n).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it('migrations run undisturbed while another database drops schemas and renames columns', async () => {
    const other = await createTestDatabase(server);
    let churn = true;
    let churned = 0;
    const churner = (async () => {
      while (churn) {
        const schema = `churn_${churned}`;
        await onServer(other, `CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (id serial, v text)`);
        await onServer(other, `ALTER TABLE ${schema}.t RENAME COLUMN v TO w`);
        await onServer(other, `DROP SCHEMA ${schema} CASCADE`);
        churned++;
      }
    })();
    try {
      for (let i = 0; i < 8; i++) {
        const schema = await createTestSchema(server, 'migrating');
        const db = openPostgresDatabase(urlWithSchema(schema.databaseUrl, schema.name), { max: 2 });
        try {
          await migrateToLatest(db);
        } finally {
          await db.destroy();
          await schema.release();
        }
      }
    } finally {
      churn = false;
      await churner;
    }
    expect(churned).toBeGreaterThan(0);
  }, 60_000);
});

describe.skipIf(TEST_DATABASE_URL)('test databases without a server', () => {
  it.skip('TEST_DATABASE_URL is not set: these tests need a real PostgreSQL server (scripts/test-postgres.sh starts one)', () =>
    undefined);
});
