/**
 * npm run bench: tokens per question, import speed, method latency and live capture, each against a baseline
 * measured in the same run, written to BENCHMARKS.md. Flags: see scripts/bench/options.ts (or --help).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCaptureBench } from './bench/capture.ts';
import { runImportBench } from './bench/import-speed.ts';
import { JournalCache } from './bench/journal-db.ts';
import { machineInfo } from './bench/machine.ts';
import { runMethodsBench } from './bench/methods.ts';
import { parseBenchArgs, USAGE, type BenchOptions, type Part } from './bench/options.ts';
import { renderReport, type BenchResults } from './bench/report.ts';
import { freeTokenizer } from './bench/tokenizer.ts';
import { runReadingForJournal } from './bench/reading.ts';
import { runTokensForJournal } from './bench/tokens.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function runPart(part: Part, o: BenchOptions, journals: JournalCache, r: BenchResults): Promise<void> {
  switch (part) {
    case 'tokens':
      for (const size of o.sizes) {
        const s = await runTokensForJournal(await journals.file(size), size);
        r.tokens.push(s);
        const wrong = s.questions.filter((q) => !q.correct).map((q) => q.id);
        log(`tokens at ${size}: ${s.questions.length} questions, ${wrong.length ? `WRONG: ${wrong.join(', ')}` : 'all answers match SQL'}`);
      }
      return;
    case 'reading':
      for (const size of o.sizes) {
        const s = await runReadingForJournal(await journals.file(size), size);
        (r.reading ??= []).push(s);
        const wrong = s.questions.filter((q) => !q.correct).map((q) => q.id);
        log(`reading at ${size}: ${s.questions.length} questions, ${wrong.length ? `WRONG: ${wrong.join(', ')}` : 'every view read exactly, every planted fact stated'}`);
      }
      return;
    case 'methods': {
      const light = o.quick ? { minRuns: 5, maxRuns: 100, budgetMs: 300 } : { minRuns: Math.max(7, o.runs), maxRuns: 400, budgetMs: 2_000 };
      r.methods = await runMethodsBench(await journals.file(o.methodsSize), o.methodsSize, light, log);
      return;
    }
    case 'import':
      journals.cleanup(); // the journals are done with; give the disk back before writing exports
      r.imports = await runImportBench(REPO_ROOT, o.cacheDir, o.importSizes, o.runs, o.keep, log);
      return;
    case 'capture':
      r.capture = await runCaptureBench(o.cacheDir, o.burst, o.runs, log);
      return;
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const o = parseBenchArgs(argv, path.join(REPO_ROOT, 'data', 'bench'));
  if (o.fromResults) return rerender(o.fromResults, o.out);
  mkdirSync(o.cacheDir, { recursive: true });
  const journals = new JournalCache(path.join(o.cacheDir, 'journals'), o.keep, log);
  const r: BenchResults = { machine: machineInfo(REPO_ROOT), options: o, command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`, tokens: [], imports: [], seconds: {} };
  const failures: string[] = [];
  // Tokens first, then methods and reading (which plants facts in the journals): they share the generated journals,
  // which go before the import writes its exports.
  const order = (['tokens', 'methods', 'reading', 'import', 'capture'] as const).filter((p) => o.only.includes(p));
  try {
    for (const part of order) {
      const t0 = performance.now();
      log(`${part}…`);
      try {
        await runPart(part, o, journals, r);
      } catch (error) {
        failures.push(`${part}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        log(`${part} FAILED: ${error instanceof Error ? error.message : String(error)}`);
      }
      r.seconds[part] = (performance.now() - t0) / 1000;
    }
  } finally {
    journals.cleanup();
    freeTokenizer();
  }
  const report = renderReport(r) + (failures.length ? `\n## Failures\n\n\`\`\`\n${failures.join('\n\n')}\n\`\`\`\n` : '');
  writeFileSync(path.join(o.cacheDir, 'last-results.json'), JSON.stringify(r, null, 1));
  if (o.out) {
    writeFileSync(path.resolve(REPO_ROOT, o.out), report);
    log(`wrote ${o.out}`);
  } else {
    process.stdout.write(report);
  }
  return failures.length ? 1 : 0;
}

/** Renders a saved run again (after a change to the report's wording), to `out` or stdout. */
function rerender(file: string, out: string | null): number {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
  const report = renderReport(saved);
  if (out) writeFileSync(path.resolve(REPO_ROOT, out), report);
  else process.stdout.write(report);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
