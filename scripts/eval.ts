/** npm run eval: the live eval against the real Messages API (see scripts/eval/eval-main.ts); explains itself without a key. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEnvironment } from '../src/cli/environment.ts';
import { evalMain } from './eval/eval-main.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

evalMain(process.argv.slice(2), readEnvironment(), REPO_ROOT, (line) => console.log(line)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`eval: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
