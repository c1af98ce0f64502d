/**
 * The parts of `npm run bench`, in one list every other place reads: the flags (options.ts: which names
 * `npm run bench -- <part>` takes, and the usage text), the run order (scripts/bench.ts), the report (report.ts: a
 * section per part, typed over these names, so a part without one does not compile) and the "Reproduce" footer of
 * BENCHMARKS.md. test/bench/parts.test.ts holds each part to its script, its report, its `<!-- bench-part X -->`
 * section in BENCHMARKS.md and its name in docs/development.md. A new part is one entry here.
 */

export interface BenchPart {
  /** The name `npm run bench -- <part>` takes and the `<!-- bench-part <name> -->` markers carry. */
  readonly name: string;
  /** The file in scripts/bench/ that measures it (its `run…Bench` or `run…ForJournal`). */
  readonly script: string;
  /** The file in scripts/bench/ that writes its section, and the start of the section's `## ` heading. */
  readonly report: string;
  readonly heading: string;
  /**
   * Where it runs in a full `npm run bench` (1 first): the parts that share the generated journals (tokens, methods,
   * reading, web, retrieval) run before the import, which frees their disk to write its exports.
   */
  readonly runs: number;
}

/** In the report's order (sections numbered 1 to 5 come first, as BENCHMARKS.md has them). */
export const BENCH_PARTS = [
  { name: 'tokens', script: 'tokens.ts', report: 'report-tokens.ts', heading: '## 1. Tokens per question', runs: 1 },
  { name: 'import', script: 'import-speed.ts', report: 'import-report.ts', heading: '## 2. Import', runs: 6 },
  { name: 'methods', script: 'methods.ts', report: 'report.ts', heading: '## 3. Methods at', runs: 2 },
  { name: 'capture', script: 'capture.ts', report: 'report.ts', heading: '## 4. Live capture', runs: 7 },
  {
    name: 'reading',
    script: 'reading.ts',
    report: 'report-reading.ts',
    heading: '## 5. Questions that need reading',
    runs: 3,
  },
  {
    name: 'postgres',
    script: 'postgres.ts',
    report: 'report-postgres.ts',
    heading: '## PostgreSQL: methods at',
    runs: 8,
  },
  {
    name: 'instances',
    script: 'instances.ts',
    report: 'instances.ts',
    heading: '## Many instances on one database',
    runs: 9,
  },
  { name: 'startup', script: 'startup.ts', report: 'startup.ts', heading: '## Start-up', runs: 10 },
  {
    name: 'encryption',
    script: 'encryption.ts',
    report: 'encryption.ts',
    heading: '## Encryption at rest',
    runs: 11,
  },
  { name: 'web', script: 'web.ts', report: 'web.ts', heading: '## Web view at', runs: 4 },
  {
    name: 'retrieval',
    script: 'retrieval.ts',
    report: 'report-retrieval.ts',
    heading: '## Finding: recall of search',
    runs: 5,
  },
] as const satisfies readonly BenchPart[];

export type Part = (typeof BENCH_PARTS)[number]['name'];

/** Every part's name, in the report's order. */
export const PARTS: readonly Part[] = BENCH_PARTS.map((p) => p.name);

/** `parts` in the order a run measures them. */
export function inRunOrder(parts: readonly Part[]): Part[] {
  const rank = (part: Part) => BENCH_PARTS.find((p) => p.name === part)!.runs;
  return [...new Set(parts)].sort((a, b) => rank(a) - rank(b));
}
