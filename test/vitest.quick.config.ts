// `npm run test:quick`: the unit and in-process suites, on SQLite alone: what answers in under two minutes. Left out,
// by what a file does (read from its source, so a new test file is sorted without a list to keep): tests that start
// a process (a command, the bot, npm), drive a browser or mount a disk, the whole-app suites (the bot, the web view
// and remote MCP end to end over the stand-ins), and the benchmarks, the fuzz and the build. `npm test` runs them all,
// on PGlite too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import base from '../vitest.config.ts';

/** A file that starts processes, a browser or a disk: slow by nature, for `npm test`. */
const SLOW =
  /\b(startEntryPoint|runEntryPoint|startRecorded|startBot|launchChromium|mountSmallDisk|spawn|spawnSync|execFile|execFileSync|fork)\(|startInstances\(/;
/** A file that builds the whole app (bot, web view, remote MCP) per test: seconds each, for `npm test`. */
const WHOLE_APP = /helpers\/(test-app|app-per-test|bot-api-per-test|remote-mcp|web-demo|many-instances)\.ts/;
const SLOW_FOLDERS = ['bench', 'build', 'fuzz'];

const isSlow = (source: string) => SLOW.test(source) || WHOLE_APP.test(source);

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? testFiles(full) : name.endsWith('.test.ts') ? [full] : [];
  });
}

// The repository's root: this file sits in test/, and vitest resolves `include` from the root (npm runs it there).
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const QUICK_FILES = testFiles(path.join(root, 'test'))
  .map((file) => path.relative(root, file).split(path.sep).join('/'))
  .filter((file) => !SLOW_FOLDERS.includes(file.split('/')[1]!) && !isSlow(readFileSync(path.join(root, file), 'utf8')))
  .sort();

// Spread, not mergeConfig: mergeConfig would append QUICK_FILES to the base's include and run everything.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: QUICK_FILES,
    // describeStores runs SQLite only here (PGlite takes seconds to start per file); test/helpers/stores.ts says so.
    env: { TEST_QUICK: '1' },
  },
});
