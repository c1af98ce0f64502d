// Once per vitest run: rebuilds dist/ when a source changed (the real-process tests run the bundles:
// test/helpers/run-entry-point.ts), then names the run's PostgreSQL test databases and drops them when every file is
// done (test/helpers/test-schemas.ts says why each file has its own; without TEST_DATABASE_URL there are none).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { dropDatabasesStartingWith, RUN_PREFIX_ENV } from './helpers/test-schemas.ts';

/** `node scripts/build.mjs` when `--check` says dist/ is older than the sources (or missing); a failed build stops the run. */
function buildIfStale(): void {
  const build = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/build.mjs', ...args], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
  if (build('--check').status === 0) return;
  const built = build();
  if (built.status !== 0) throw new Error(`the tests run dist/, and building it failed:\n${built.stderr}`);
}

export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  buildIfStale();
  // `npm run test:watch`: a rerun follows an edit, so the bundles are brought up to date before it too.
  project.onTestsRerun(() => buildIfStale());
  const server = process.env.TEST_DATABASE_URL?.trim();
  if (!server) return undefined;
  const prefix = `t${randomBytes(4).toString('hex')}_`;
  // Workers are started after global setup and inherit the environment.
  process.env[RUN_PREFIX_ENV] = prefix;
  return async () => {
    await dropDatabasesStartingWith(server, prefix);
  };
}
