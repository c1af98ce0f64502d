import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A bound on a hang, not a speed check: CPU-bound tests (the fuzz loops) take ~5 s here alone, and four times that
    // with a second suite on the same two cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file builds its own temp databases and servers; two cores, so two workers.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph, instead of importing the app and its packages
    // again for each file: a third of the run's time once (measured: the whole run took 562 s isolated, 300 s not).
    // So a test file leaves nothing behind: what it sets in process.env it restores, and what it starts it stops.
    // PGlite is kept per worker; what a helper keeps per file (a PostgreSQL database) test/each-file.ts resets.
    isolate: false,
    setupFiles: ['test/each-file.ts'],
    // With TEST_DATABASE_URL: names the run's PostgreSQL schemas and drops them once every file is done.
    globalSetup: ['test/global-setup.ts'],
  },
});
