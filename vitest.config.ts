import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Each file builds its own temp databases and servers; two cores, so two workers.
    maxWorkers: 2,
  },
});
