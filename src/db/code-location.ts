/**
 * Where the project's files are, seen from the running code. Under tsx and vitest the sources run (src/…); under
 * `node dist/…` the bundles built from them (scripts/build.mjs), where a module's own URL is its bundle's, so it no
 * longer says where the module came from. This file knows both layouts; nothing else computes paths from its URL.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** True under `node dist/…`, false when the TypeScript sources run. */
export const RUNS_BUILT = !here.endsWith('.ts');

/** The project folder (package.json, migrations/, dist/): above dist/ for a bundle, two up from src/db/ otherwise. */
export const PROJECT_ROOT = RUNS_BUILT
  ? here.slice(0, here.lastIndexOf(`${path.sep}dist${path.sep}`))
  : path.resolve(path.dirname(here), '../..');

/**
 * The runnable form of a project file given by its source path: the source itself under tsx and vitest, its bundle
 * in dist/ under node (src/importer/telegram-export/parse-worker.ts → dist/importer/telegram-export/parse-worker.js, migrations → dist/migrations).
 */
export function runnablePath(sourcePath: string): string {
  if (!RUNS_BUILT) return path.join(PROJECT_ROOT, sourcePath);
  return path.join(PROJECT_ROOT, 'dist', sourcePath.replace(/^src\//, '').replace(/\.ts$/, '.js'));
}

/** A file scripts/build.mjs writes, by its path inside dist/ (such as an MCP App's page); the sources build there too. */
export const builtPath = (distRelative: string): string => path.join(PROJECT_ROOT, 'dist', distRelative);

/** The project's version, from its package.json (what the MCP servers report as theirs). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
