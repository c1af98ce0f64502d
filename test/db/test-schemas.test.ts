// The real-PostgreSQL suite gives each test database its own schema. Dropping one while another file migrates
// broke CI once: kysely's migrator scans every schema in the catalog (has_schema_privilege per name), and a name
// dropped mid-scan fails that migration with "schema … does not exist". These tests pin the cause and the cure.
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openPostgresDatabase } from '../../src/db/open-postgres.ts';
import { TEST_DATABASE_URL, urlWithSchema } from '../helpers/temp-db.ts';
import { createTestSchema, onServer, RUN_PREFIX_ENV } from '../helpers/test-schemas.ts';

const why = 'TEST_DATABASE_URL is not set: these tests need a real PostgreSQL server (scripts/test-postgres.sh starts one)';

describe.skipIf(!TEST_DATABASE_URL)('test schemas on the real server', () => {
  const server = TEST_DATABASE_URL!;

  it('the run names its schemas, so a release inside vitest leaves the drop to the run’s teardown', async () => {
    const prefix = process.env[RUN_PREFIX_ENV];
    // global-setup.ts sets it before the workers start; without it every release would drop at once.
    expect(prefix, 'global setup did not reach this worker').toMatch(/^t[0-9a-f]{8}_$/);
    const schema = await createTestSchema(server, 'probe');
    expect(schema.name.startsWith(prefix!)).toBe(true);
    await schema.release();
    const client = openPostgresDatabase(server, { max: 1 });
    try {
      const { rows } = await (await import('kysely')).sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${schema.name}`.execute(client);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await client.destroy();
    }
  });

  it('migrations run while other schemas are created and released around them, and none fails', async () => {
    let churn = true;
    let churned = 0;
    const churner = (async () => {
      while (churn) {
        const other = await createTestSchema(server, 'churn');
        await onServer(server, `CREATE TABLE ${other.name}.t (id int)`);
        await other.release();
        churned++;
      }
    })();
    try {
      for (let i = 0; i < 8; i++) {
        const schema = await createTestSchema(server, 'migrating');
        const db = openPostgresDatabase(urlWithSchema(server, schema.name), { max: 2 });
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

describe.skipIf(TEST_DATABASE_URL)('test schemas without a server', () => {
  it.skip(why, () => undefined);
});
