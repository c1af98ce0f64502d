// Once per vitest run: names the run's PostgreSQL test databases and drops them when every file is done
// (test/helpers/test-schemas.ts says why each file has its own). Without TEST_DATABASE_URL: nothing to do.
import { randomBytes } from 'node:crypto';
import { dropDatabasesStartingWith, RUN_PREFIX_ENV } from './helpers/test-schemas.ts';

export default function setup(): (() => Promise<void>) | undefined {
  const server = process.env.TEST_DATABASE_URL?.trim();
  if (!server) return undefined;
  const prefix = `t${randomBytes(4).toString('hex')}_`;
  // Workers are started after global setup and inherit the environment.
  process.env[RUN_PREFIX_ENV] = prefix;
  return async () => {
    await dropDatabasesStartingWith(server, prefix);
  };
}
