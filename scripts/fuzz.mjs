// npm run fuzz [-- --scale 40] [--seed N] [--no-write]
// The fuzz suite (test/fuzz) with FUZZ_SCALE times the cases npm test runs, then its figures: printed, and written
// between the fuzz-figures markers of RELIABILITY.md when every property held. A random seed unless --seed is
// given; it is printed, so a failure can be replayed with --seed.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const USAGE = `Usage: npm run fuzz -- [--scale <1 or more, default 40>] [--seed <integer>] [--no-write]
  Runs test/fuzz with --scale times the cases npm test runs and a random seed (printed; --seed replays it), then
  prints the figures each property observed and, when every property held, writes them into RELIABILITY.md
  (--no-write: print only). Temporary files live in one folder that is removed at the end, also on Ctrl-C.`;
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const known = new Set(['--scale', '--seed', '--no-write']);
const unknown = args.filter(
  (a, i) => a.startsWith('-') && !known.has(a) && !['--scale', '--seed'].includes(args[i - 1]),
);
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown[0]}.\n${USAGE}`);
  process.exit(2);
}
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : args[i + 1];
};
const scale = Number(option('--scale', '40'));
const seed = Number(option('--seed', String(Math.floor(Math.random() * 2 ** 31))));
if (!Number.isFinite(scale) || scale < 1 || !Number.isInteger(seed)) {
  console.error(USAGE);
  process.exit(2);
}

// Every temp file of the run (the suite's exports and databases too, through TMPDIR) goes in one folder, removed at
// the end and when the run is interrupted: an interrupted run skips the tests' own clean-up.
const dir = mkdtempSync(path.join(tmpdir(), 'fuzz-'));
const cleanUp = () => rmSync(dir, { recursive: true, force: true });
let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child?.kill('SIGKILL');
    cleanUp();
    process.exit(130);
  });
}
const report = path.join(dir, 'figures.jsonl');
writeFileSync(report, '');
console.log(`fuzz: scale ${scale}, seed ${seed}`);
const started = Date.now();
child = spawn(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', 'test/fuzz', '--testTimeout=0', '--hookTimeout=0'],
  {
    stdio: 'inherit',
    env: { ...process.env, FUZZ_SCALE: String(scale), FUZZ_SEED: String(seed), FUZZ_REPORT: report, TMPDIR: dir },
  },
);
const run = await new Promise((resolve) => child.on('close', (status) => resolve({ status })));
const figures = readFileSync(report, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
cleanUp();
const passed = run.status === 0;

const total = (key) => figures.reduce((n, f) => n + f[key], 0);
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const lines = [
  `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}, \`npm run fuzz -- --scale ${scale} --seed ${seed}\`, ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  '',
  '| property | cases | messages or calls | crashes | messages lost | seconds |',
  '|---|---:|---:|---:|---:|---:|',
  ...figures.map(
    (f) => `| ${f.property} | ${f.cases} | ${f.items} | ${f.crashes} | ${f.lost} | ${f.seconds.toFixed(1)} |`,
  ),
  `| **all** | **${total('cases')}** | **${total('items')}** | **${total('crashes')}** | **${total('lost')}** | ${total('seconds').toFixed(1)} |`,
];
console.log(`\n${lines.join('\n')}\n`);
if (!passed) {
  console.error(
    `fuzz: a property failed (see above); replay it with --seed ${seed}. RELIABILITY.md is left as it was.`,
  );
  process.exit(1);
}
if (!args.includes('--no-write')) {
  const file = 'RELIABILITY.md';
  const text = readFileSync(file, 'utf8');
  const block = /(<!-- fuzz-figures -->\n)[\s\S]*?(<!-- \/fuzz-figures -->)/;
  if (!block.test(text)) {
    console.error(`fuzz: ${file} has no <!-- fuzz-figures --> block; figures printed only.`);
    process.exit(1);
  }
  writeFileSync(file, text.replace(block, `$1${lines.join('\n')}\n$2`));
  console.log(`fuzz: figures written to ${file}.`);
}
