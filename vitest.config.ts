import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Each file builds its own temp databases and servers; two cores, so two workers.
    maxWorkers: 2,
    // With TEST_DATABASE_URL: names the run's PostgreSQL schemas and drops them once every file is done.
    globalSetup: ['test/global-setup.ts'],
  },
});
