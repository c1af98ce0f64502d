// Runs before each test file (vitest.config.ts setupFiles). A worker runs its files in one module graph, so what a
// helper keeps "per file" is reset here: each file's PostgreSQL schemas go in a database of its own, as they did when
// every file had its own process (test/helpers/test-schemas.ts says why).
import { forgetReturnedSchemas } from './helpers/temp-db.ts';
import { forgetFileDatabase } from './helpers/test-schemas.ts';

forgetFileDatabase();
forgetReturnedSchemas();
