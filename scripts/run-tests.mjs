// npm test: typecheck, lint, then vitest; ends with the plain "N passed, N failed" line CI reads.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const resultFile = '.vitest-result.json';
// The Node program, then the MCP Apps' browser code (tsconfig.app.json: the DOM's types, kept out of the first).
const typecheck = spawnSync('npm', ['run', '-s', 'typecheck'], { stdio: 'inherit' });
const typecheckFailed = typecheck.status !== 0 ? 1 : 0;
if (typecheckFailed) console.error('typecheck failed (counted as one failure)');
// npm run lint: typed ESLint, then Prettier's check (package.json).
const lint = spawnSync('npm', ['run', '--silent', 'lint'], { stdio: 'inherit' });
const lintFailed = lint.status !== 0 ? 1 : 0;
if (lintFailed)
  console.error('lint failed (counted as one failure): npm run lint; npm run format fixes the formatting');

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
failed += typecheckFailed + lintFailed;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || vitest.status !== 0 ? 1 : 0);
