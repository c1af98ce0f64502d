/** npm run bench flags: which parts, which sizes, how many runs, quick mode. */

export const PARTS = ['tokens', 'import', 'methods', 'capture', 'reading'] as const;
export type Part = (typeof PARTS)[number];

export interface BenchOptions {
  only: Part[];
  /** Journal sizes (entries) for the token and reading benchmarks. */
  sizes: number[];
  /** Journal size for the methods benchmark. */
  methodsSize: number;
  /** Export sizes (messages) for the import benchmark. */
  importSizes: number[];
  /** Runs of heavy measurements (imports, the capture burst); light ones take many more. */
  runs: number;
  /** Messages in one live-capture burst. */
  burst: number;
  quick: boolean;
  /** Keep generated databases and exports in the cache dir after the run. */
  keep: boolean;
  /** Where the report goes; null prints it only. */
  out: string | null;
  cacheDir: string;
  /** Re-render the report of an earlier run from its saved results, measuring nothing. */
  fromResults?: string;
}

export const FULL: Omit<BenchOptions, 'cacheDir'> = {
  only: [...PARTS],
  sizes: [2_500, 25_000, 250_000, 1_000_000],
  methodsSize: 1_000_000,
  importSizes: [100_000, 1_000_000],
  runs: 3,
  burst: 2_000,
  quick: false,
  keep: false,
  out: 'BENCHMARKS.md',
};

export const QUICK: Omit<BenchOptions, 'cacheDir'> = {
  ...FULL,
  sizes: [2_500, 25_000],
  methodsSize: 25_000,
  importSizes: [10_000, 50_000],
  runs: 2,
  burst: 500,
  quick: true,
  out: null,
};

export const USAGE = `npm run bench -- [--quick] [--only tokens,import,methods,capture,reading] [--sizes 2500,25000]
  [--methods-size 1000000] [--import-sizes 100000,1000000] [--runs 3] [--burst 2000] [--keep] [--out FILE|-]
  [--from-results data/bench/last-results.json]
  --quick    small sizes, prints the report instead of writing BENCHMARKS.md
  --out -    print only. Only a run of all parts writes BENCHMARKS.md by default; --out FILE writes any run
  --from-results  re-render the report of a saved run (every run saves data/bench/last-results.json)`;

const sizeList = (flag: string, value: string): number[] =>
  value.split(',').map((s) => {
    const n = Number(s.replaceAll('_', '').trim().replace(/k$/i, '000').replace(/m$/i, '000000'));
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag}: "${s}" is not a positive whole number (e.g. 2500, 25k, 1m)`);
    return n;
  });

/** Parses argv (after `--`); throws with the usage text on anything unknown. */
export function parseBenchArgs(argv: string[], cacheDir: string): BenchOptions {
  const quick = argv.includes('--quick');
  const o: BenchOptions = { ...(quick ? QUICK : FULL), cacheDir };
  let explicitOut = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value.\n${USAGE}`);
      return v;
    };
    if (flag === '--quick') continue;
    else if (flag === '--keep') o.keep = true;
    else if (flag === '--only') o.only = parseParts(value());
    else if (flag === '--sizes') o.sizes = sizeList(flag, value());
    else if (flag === '--methods-size') o.methodsSize = sizeList(flag, value())[0]!;
    else if (flag === '--import-sizes') o.importSizes = sizeList(flag, value());
    else if (flag === '--runs') o.runs = sizeList(flag, value())[0]!;
    else if (flag === '--burst') o.burst = sizeList(flag, value())[0]!;
    else if (flag === '--out') {
      const v = value();
      o.out = v === '-' ? null : v;
      explicitOut = true;
    }
    else if (flag === '--cache-dir') o.cacheDir = value();
    else if (flag === '--from-results') o.fromResults = value();
    else throw new Error(`Unknown flag ${flag}.\n${USAGE}`);
  }
  // A partial run must not overwrite the full report.
  if (!explicitOut && (o.only.length < PARTS.length || o.fromResults)) o.out = null;
  return o;
}

function parseParts(value: string): Part[] {
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`--only: unknown part ${unknown.join(', ')}; parts are ${PARTS.join(', ')}`);
  return parts as Part[];
}
