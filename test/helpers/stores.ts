// Runs a suite on every store: SQLite and PGlite always, the real PostgreSQL server when TEST_DATABASE_URL is set
// (otherwise that block is skipped, and its name says why). Inside a block, createTempDb() and createTestApp() use its
// store unless told another, so a suite is wrapped whole without touching its tests.
import { afterAll, beforeAll, describe } from 'vitest';
import { filePglite, setDefaultStore, TEST_DATABASE_URL, testJournalKey, type TestStore } from './temp-db.ts';

const LABEL: Record<TestStore, string> = { sqlite: 'SQLite', pglite: 'PGlite', postgres: 'PostgreSQL' };

export function describeStores(name: string, suite: (store: TestStore) => void): void {
  for (const store of ['sqlite', 'pglite', 'postgres'] as const) {
    if (store !== 'sqlite' && testJournalKey()) {
      // The key encrypts SQLite files only: the plain run covers the other stores, unchanged by it.
      describe.skip(`${name} on ${LABEL[store]} (skipped: TEST_JOURNAL_KEY is set, and it encrypts SQLite journals only)`, () =>
        suite(store));
    } else if (store !== 'sqlite' && process.env.TEST_QUICK) {
      // npm run test:quick (test/vitest.quick.config.ts): SQLite alone; npm test runs every store.
      describe.skip(`${name} on ${LABEL[store]} (skipped: npm run test:quick runs SQLite only; npm test runs every store)`, () =>
        suite(store));
    } else if (store === 'postgres' && !TEST_DATABASE_URL) {
      describe.skip(`${name} on PostgreSQL (skipped: TEST_DATABASE_URL is unset; set it to postgres://… to run against a server)`, () =>
        suite(store));
    } else {
      describe(`${name} on ${LABEL[store]}`, () => {
        beforeAll(() => setDefaultStore(store));
        // Starting PGlite is the slow part of a PGlite suite (seconds), once per worker: a hook with room for it.
        if (store === 'pglite') beforeAll(async () => void (await filePglite()), 120_000);
        afterAll(() => setDefaultStore('sqlite'));
        suite(store);
      });
    }
  }
}
