/**
 * npm run bench: tokens per question, import speed, method latency, live capture and reading questions, each
 * against a baseline measured in the same run. Each part measured rewrites its own section of BENCHMARKS.md.
 * Flags: see scripts/bench/options.ts (or --help).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCaptureBench } from './bench/capture.ts';
import { runEncryptionBench } from './bench/encryption.ts';
import { runInstancesBench } from './bench/instances.ts';
import { runImportBench } from './bench/import-speed.ts';
import { JournalCache } from './bench/journal-db.ts';
import { machineInfo } from './bench/machine.ts';
import { runMethodsBench } from './bench/methods.ts';
import { runPostgresBench } from './bench/postgres.ts';
import { parseBenchArgs, USAGE, type BenchOptions } from './bench/options.ts';
import { inRunOrder, type Part } from './bench/parts.ts';
import { partSections, renderReport, REPORT_FOOTER, REPORT_HEADER, type BenchResults } from './bench/report.ts';
import { mergeSections, readSections, writeSections, type PartSection } from './bench/sections.ts';
import { freeTokenizer } from './bench/tokenizer.ts';
import { runReadingForJournal } from './bench/reading.ts';
import { runRetrievalBench } from './bench/retrieval.ts';
import { runStartupBench } from './bench/startup.ts';
import { runTokensForJournal } from './bench/tokens.ts';
import { runWebBench } from './bench/web.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function runPart(part: Part, o: BenchOptions, journals: JournalCache, r: BenchResults): Promise<void> {
  switch (part) {
    case 'tokens':
      for (const size of o.sizes) {
        const s = await runTokensForJournal(await journals.file(size), size);
        r.tokens.push(s);
        const wrong = s.questions.filter((q) => !q.correct).map((q) => q.id);
        log(
          `tokens at ${size}: ${s.questions.length} questions, ${wrong.length ? `WRONG: ${wrong.join(', ')}` : 'all answers match SQL'}`,
        );
      }
      return;
    case 'reading':
      for (const size of o.sizes) {
        const s = await runReadingForJournal(await journals.file(size), size);
        (r.reading ??= []).push(s);
        const wrong = s.questions.filter((q) => !q.correct).map((q) => q.id);
        log(
          `reading at ${size}: ${s.questions.length} questions, ${wrong.length ? `WRONG: ${wrong.join(', ')}` : 'every view read exactly, every planted fact stated'}`,
        );
      }
      return;
    case 'methods': {
      const light = o.quick
        ? { minRuns: 5, maxRuns: 100, budgetMs: 300 }
        : { minRuns: Math.max(7, o.runs), maxRuns: 400, budgetMs: 2_000 };
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
    case 'postgres': {
      const light = o.quick
        ? { minRuns: 5, maxRuns: 100, budgetMs: 300 }
        : { minRuns: Math.max(7, o.runs), maxRuns: 400, budgetMs: 2_000 };
      r.postgres = await runPostgresBench(
        REPO_ROOT,
        o.cacheDir,
        { size: o.postgresSize, importSize: o.postgresImportSize, runs: o.runs, keep: o.keep, methods: light },
        log,
      );
      return;
    }
    case 'instances':
      r.instances = await runInstancesBench(o.cacheDir, log);
      return;
    case 'startup':
      r.startup = await runStartupBench(REPO_ROOT, o.runs, log);
      return;
    case 'encryption': {
      const light = o.quick
        ? { minRuns: 5, maxRuns: 60, budgetMs: 300 }
        : { minRuns: Math.max(7, o.runs), maxRuns: 400, budgetMs: 2_000 };
      r.encryption = await runEncryptionBench(
        o.cacheDir,
        { entries: o.encryptionSize, burst: o.burst, runs: o.runs, methods: light },
        log,
      );
      return;
    }
    case 'web': {
      const light = o.quick
        ? { minRuns: 5, maxRuns: 60, budgetMs: 500 }
        : { minRuns: Math.max(9, o.runs), maxRuns: 200, budgetMs: 4_000 };
      r.web = await runWebBench(journals, o.webSizes, light, log);
      return;
    }
    case 'retrieval': {
      const light = o.quick
        ? { minRuns: 5, maxRuns: 60, budgetMs: 300 }
        : { minRuns: Math.max(9, o.runs), maxRuns: 200, budgetMs: 3_000 };
      r.retrieval = await runRetrievalBench(
        o.cacheDir,
        journals,
        { entries: o.retrievalSize, speedSizes: o.retrievalSpeedSizes, timing: light },
        log,
      );
      return;
    }
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
  const r: BenchResults = {
    machine: machineInfo(REPO_ROOT),
    options: o,
    command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
    tokens: [],
    imports: [],
    seconds: {},
  };
  const failures: string[] = [];
  // In the order scripts/bench/parts.ts gives: the parts that share the generated journals first, then the import,
  // which writes its exports once they are gone.
  const order = inRunOrder(o.only);
  try {
    for (const part of order) {
      const t0 = performance.now();
      log(`${part}…`);
      try {
        await runPart(part, o, journals, r);
      } catch (error) {
        failures.push(`${part}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        (r.failed ??= []).push(part);
        log(`${part} FAILED: ${error instanceof Error ? error.message : String(error)}`);
      }
      r.seconds[part] = (performance.now() - t0) / 1000;
      (r.finishedAt ??= {})[part] = machineInfo(REPO_ROOT).date;
      (r.loadAt ??= {})[part] = os.loadavg()[1]!;
    }
  } finally {
    journals.cleanup();
    freeTokenizer();
  }
  writeFileSync(path.join(o.cacheDir, 'last-results.json'), JSON.stringify(r, null, 1));
  if (o.out) writeInto(o.out, partSections(r));
  else process.stdout.write(renderReport(r));
  if (failures.length)
    process.stderr.write(`\nFailed (their sections were left as they were):\n${failures.join('\n\n')}\n`);
  return failures.length ? 1 : 0;
}

/** Rewrites the sections of the parts measured in `out` (a file written before sections existed is started anew). */
function writeInto(out: string, fresh: PartSection[]): void {
  const file = path.resolve(REPO_ROOT, out);
  const existing = existsSync(file) ? readSections(readFileSync(file, 'utf8')) : [];
  writeFileSync(file, writeSections(mergeSections(existing, fresh), REPORT_HEADER, REPORT_FOOTER));
  log(`wrote the ${fresh.map((s) => s.part).join(', ') || 'no'} section${fresh.length === 1 ? '' : 's'} of ${out}`);
}

/** Renders a saved run again (after a change to the report's wording): printed, or its sections written to `out`. */
function rerender(file: string, out: string | null): number {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
  if (out) writeInto(out, partSections(saved));
  else process.stdout.write(renderReport(saved));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
