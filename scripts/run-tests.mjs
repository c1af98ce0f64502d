// npm test: the checks (typecheck, typed lint, Prettier's), then vitest; ends with the plain "N passed, N failed"
// line CI reads. The three checks are independent and each mostly uses one core, so they run side by side (their
// output is printed whole, one check after another, as each ends); vitest uses every core, so it runs after them.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const resultFile = '.vitest-result.json';

/** Runs a command with its output kept, so side-by-side checks never interleave their lines. */
function check(name, command, args, failureHint) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${name} could not start: ${error.message}\n`)));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.error(`${name} failed (counted as one failure): ${failureHint}`);
      resolve(code === 0 ? 0 : 1);
    });
  });
}

const checksFailed = (
  await Promise.all([
    // The Node program, then the MCP Apps' browser code (tsconfig.app.json: the DOM's types, kept out of the first).
    check('typecheck', 'npm', ['run', '-s', 'typecheck'], 'npm run typecheck'),
    check('lint', 'npx', ['eslint', '--max-warnings', '0', '.'], 'npx eslint . (npm run format fixes some)'),
    check('format', 'npx', ['prettier', '--check', '.'], 'npm run format writes the formatting'),
  ])
).reduce((sum, failed) => sum + failed, 0);

rmSync(resultFile, { force: true });
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const report = JSON.parse(readFileSync(resultFile, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = report.numPendingTests + report.numTodoTests;
  // A file that fails to load has no tests but must still count as a failure.
  failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} catch {
  failed += 1; // no report at all: vitest itself crashed
}
failed += checksFailed;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || vitest.status !== 0 ? 1 : 0);
