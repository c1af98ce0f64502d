/** npm run bench flags: which parts (parts.ts lists them), which sizes, how many runs, quick mode. */

import { PARTS, type Part } from './parts.ts';

export { PARTS, type Part };

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
  /** Journal size (entries) of the postgres part's methods, and its import's export size (messages; 0: no import). */
  postgresSize: number;
  postgresImportSize: number;
  /** Messages in one live-capture burst. */
  burst: number;
  /** Entries the encryption part imports (and calls methods on), plain and encrypted. */
  encryptionSize: number;
  /** Journal sizes (entries) of the web part: the first is the baseline the others are held to. */
  webSizes: number[];
  /** Entries of the retrieval part's question journal, and the journal sizes its search speed is timed at (the first the baseline). */
  retrievalSize: number;
  retrievalSpeedSizes: number[];
  quick: boolean;
  /** Keep generated databases and exports in the cache dir after the run. */
  keep: boolean;
  /** The report whose sections the measured parts rewrite; null prints the run's report only. */
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
  postgresSize: 1_000_000,
  postgresImportSize: 100_000,
  burst: 2_000,
  encryptionSize: 250_000,
  webSizes: [10_000, 1_000_000],
  retrievalSize: 4_000,
  retrievalSpeedSizes: [10_000, 1_000_000],
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
  postgresSize: 25_000,
  postgresImportSize: 10_000,
  burst: 500,
  encryptionSize: 10_000,
  webSizes: [10_000, 50_000],
  retrievalSpeedSizes: [10_000, 50_000],
  quick: true,
  out: null,
};

export const USAGE = `npm run bench -- [part…] [--quick] [--sizes 2500,25000] [--methods-size 1000000]
  [--import-sizes 100000,1000000] [--runs 3] [--burst 2000] [--size 1000000] [--pg-import-size 100000]
  [--web-sizes 10000,1000000] [--retrieval-size 4000] [--retrieval-speed-sizes 10000,1000000] [--keep] [--out FILE|-] [--from-results FILE]
  part       ${PARTS.join(', ')} (or --only a,b);
             none: all of them, one after another
  startup    the compiled build against the tsx way: journal --help, MCP initialize, npm start, idle RSS
  encryption capture, import and methods on an encrypted journal (JOURNAL_KEY) against a plain one; --encryption-size N
  web        every web page at --web-sizes (the first the baseline), the same entries shown, and the /stats picture
  retrieval  recall@k and MRR of search on planted facts in ten languages against the old search, ten results' tokens,
             and search + first page at --retrieval-speed-sizes (the first the baseline)
  --size     the postgres part's journal size (it starts a throwaway PostgreSQL server itself);
  --pg-import-size  the postgres part's export size in messages (0: methods only)
  instances  runs on PostgreSQL when TEST_DATABASE_URL is set, else on a SQLite file
  Each part measured rewrites its own section of BENCHMARKS.md (stamped with date, machine and commit) and the
  aims table; the other sections stay as they are.
  --quick    small sizes, prints the report instead of writing BENCHMARKS.md
  --out -    print only; --out FILE writes the sections into FILE instead. Runs at other sizes print by default
  --from-results  re-render the parts of a saved run (every run saves data/bench/last-results.json)`;

const sizeList = (flag: string, value: string): number[] =>
  value.split(',').map((s) => {
    const n = Number(s.replaceAll('_', '').trim().replace(/k$/i, '000').replace(/m$/i, '000000'));
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`${flag}: "${s}" is not a positive whole number (e.g. 2500, 25k, 1m)`);
    return n;
  });

/** Parses argv (after `--`); throws with the usage text on anything unknown. */
export function parseBenchArgs(argv: string[], cacheDir: string): BenchOptions {
  const quick = argv.includes('--quick');
  const o: BenchOptions = { ...(quick ? QUICK : FULL), cacheDir };
  let explicitOut = false;
  const positional: Part[] = [];
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
    else if (flag === '--encryption-size') o.encryptionSize = sizeList(flag, value())[0]!;
    else if (flag === '--web-sizes') o.webSizes = sizeList(flag, value());
    else if (flag === '--retrieval-size') o.retrievalSize = sizeList(flag, value())[0]!;
    else if (flag === '--retrieval-speed-sizes') o.retrievalSpeedSizes = sizeList(flag, value());
    else if (flag === '--size') o.postgresSize = sizeList(flag, value())[0]!;
    else if (flag === '--pg-import-size') o.postgresImportSize = value() === '0' ? 0 : sizeList(flag, argv[i]!)[0]!;
    else if (flag === '--out') {
      const v = value();
      o.out = v === '-' ? null : v;
      explicitOut = true;
    } else if (flag === '--cache-dir') o.cacheDir = value();
    else if (flag === '--from-results') o.fromResults = value();
    else if (!flag.startsWith('-')) positional.push(...parseParts(flag));
    else throw new Error(`Unknown flag ${flag}.\n${USAGE}`);
  }
  if (positional.length) o.only = [...new Set(positional)];
  // BENCHMARKS.md holds the default (full) sizes: a run at other sizes, or a re-rendering, is printed unless --out says where.
  const fullSizes = (
    [
      'sizes',
      'methodsSize',
      'importSizes',
      'runs',
      'burst',
      'postgresSize',
      'postgresImportSize',
      'encryptionSize',
      'webSizes',
      'retrievalSize',
      'retrievalSpeedSizes',
    ] as const
  ).every((k) => JSON.stringify(o[k]) === JSON.stringify(FULL[k]));
  if (!explicitOut && (o.fromResults || !fullSizes)) o.out = null;
  return o;
}

function parseParts(value: string): Part[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}; parts are ${PARTS.join(', ')}\n${USAGE}`);
  return parts as Part[];
}
