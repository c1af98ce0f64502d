/** BENCHMARKS.md sections from one run's results: one per part, each stamped with its machine, commit and date. */
import { encryptionAims, encryptionSection, type EncryptionResult } from './encryption.ts';
import { captureAims, importAims, methodAims, tokenAims, type Aim } from './aims.ts';
import type { CaptureResult } from './capture.ts';
import { instancesAims, instancesSection, type InstancesResult } from './instances.ts';
import { importSection } from './import-report.ts';
import type { ImportSize } from './import-speed.ts';
import type { MachineInfo } from './machine.ts';
import { ms, num, percent, table, times } from './markdown.ts';
import type { MethodsResult } from './methods.ts';
import type { BenchOptions } from './options.ts';
import { PARTS, type Part } from './parts.ts';
import type { PostgresResult } from './postgres.ts';
import type { ReadingSize } from './reading.ts';
import { postgresAims, postgresSection } from './report-postgres.ts';
import { readingAims, readingSection } from './report-reading.ts';
import { retrievalAims, retrievalSection } from './report-retrieval.ts';
import type { RetrievalResult } from './retrieval.ts';
import { tokensSection } from './report-tokens.ts';
import { startupAims, startupSection, type StartupResult } from './startup.ts';
import { writeSections, type PartSection } from './sections.ts';
import type { SizeTokens } from './tokens.ts';
import { webAims, webSection, type WebResult } from './web.ts';

export interface BenchResults {
  machine: MachineInfo;
  options: BenchOptions;
  command: string;
  tokens: SizeTokens[];
  imports: ImportSize[];
  methods?: MethodsResult;
  capture?: CaptureResult;
  /** Many instances on one database (absent in results saved before that part existed). */
  instances?: InstancesResult;
  /** The compiled build's start-up against the tsx way (absent in results saved before that part existed). */
  startup?: StartupResult;
  /** Absent in results saved before the reading part existed. */
  reading?: ReadingSize[];
  /** The postgres part: methods and import on a throwaway PostgreSQL server. */
  postgres?: PostgresResult;
  /** Encrypted vs plain (absent in results saved before that part existed). */
  encryption?: EncryptionResult;
  /** The web view's pages at two sizes (absent in results saved before that part existed). */
  web?: WebResult;
  /** Recall of search on planted facts, and its speed by journal size (absent in results saved before that part existed). */
  retrieval?: RetrievalResult;
  /** Wall seconds of each part, setup included. */
  seconds: Record<string, number>;
  /** Parts that failed: their sections are not written (an earlier run's stay). */
  failed?: string[];
  /** When each part finished (UTC, as machine.date): a section's stamp. */
  finishedAt?: Record<string, string>;
  /** The machine's 5-minute load average when each part finished: how busy the shared machine was. */
  loadAt?: Record<string, number>;
}

function methodsSection(m: MethodsResult | undefined): string {
  if (!m) return '';
  const rows = m.timings.map((t) => [
    t.view,
    `${t.method}(${Object.keys(t.args).length ? JSON.stringify(t.args) : ''})`,
    ms(t.methodMs),
    ms(t.sqlMs),
    times(t.ratio),
    ms(t.methodMs - t.sqlMs),
    num(t.runs),
    t.access,
    t.sqlShape,
    t.agrees ? 'yes' : '**no**',
  ]);
  const monthPlans = m.timings
    .filter((t) => t.view === 'month')
    .map((t) => `${t.method}: ${[...new Set(t.plan)].join(' · ')}`);
  return [
    `## 3. Methods at ${num(m.size)} entries`,
    '',
    `Each method through the real operations (\`createJournalOperations(db, owner).invokeMethod\`: handle lookup, argument validation, kysely, result bounding) on the root \`journal\`, a month view (${m.month}) and a search view ("${m.search}"), ` +
      'against hand-written SQL answering the same question on a second connection to the same file: raw prepared better-sqlite3 statements over the same indexes. ' +
      'Where standard shapes compete, each is timed and the fastest is the baseline: a search driven from the FTS index (`join`), from the date index against the list of all matches (`in`, the shape the app uses), or from the date index asking FTS about each row (`exists`); grouping rows or days. ' +
      'Method and SQL runs alternate; medians over the runs shown. "Access" is read from `EXPLAIN QUERY PLAN` of the statements the method ran (captured with kysely\'s query log).',
    '',
    table(
      [
        'view',
        'call',
        'method (median)',
        'SQL (median)',
        'ratio',
        'difference',
        'runs',
        'access (plan)',
        'fastest SQL shape',
        'same answer',
      ],
      rows,
    ),
    '',
    overTwice(m),
    '',
    'Plans of the month view:',
    '',
    ...monthPlans.map((p) => `- ${p}`),
    ...moodLines(m),
  ].join('\n');
}

/** The mood methods, with a mood on every day written: the most mood days a journal of this size can have. */
function moodLines(m: MethodsResult): string[] {
  if (!m.moodTimings?.length) return [];
  const rows = m.moodTimings.map((t) => [
    t.view,
    `${t.method}(${Object.keys(t.args).length ? JSON.stringify(t.args) : ''})`,
    ms(t.methodMs),
    ms(t.sqlMs),
    times(t.ratio),
    num(t.runs),
    t.access,
    t.agrees ? 'yes' : '**no**',
  ]);
  return [
    '',
    `Mood methods, with a mood on each of the ${num(m.moodDays)} days written (the hand-written SQL reads the mood table by (owner_id, local_day), and the tags of the entries on those days for getMoodByTag):`,
    '',
    table(['view', 'call', 'method (median)', 'SQL (median)', 'ratio', 'runs', 'access (plan)', 'same answer'], rows),
  ];
}

/** The calls over the aim, with what the numbers say about why. */
function overTwice(m: MethodsResult): string {
  const over = m.timings.filter((t) => t.ratio > 2);
  if (over.length === 0) return 'Every call is within 2× of the hand-written SQL.';
  return [
    'Over 2×:',
    '',
    ...over.map(
      (t) =>
        `- ${t.view}.${t.method}: ${ms(t.methodMs)} against ${ms(t.sqlMs)} (${ms(t.methodMs - t.sqlMs)} more), ` +
        (t.methodMs - t.sqlMs < 0.25
          ? "a fixed cost of the call path on a query that itself takes well under a millisecond: validating the handle's state and the arguments (zod), kysely's executor (its connection lock and promises) and measuring the page's JSON against the 16,000-character bound (statements are prepared, page queries compiled and handles read once, not per call)."
          : t.sqlShape.includes('exists')
            ? "the method's statement first lists every entry that matches the search (`LIST SUBQUERY` in its plan: all the matches in the journal), then reads its rows; the `exists` shape asks FTS about each row it reads, and stops when it has them."
            : `the method reads ${t.access}; the fastest hand-written shape is ${t.sqlShape}.`),
    ),
  ].join('\n');
}

function captureSection(c: CaptureResult | undefined, runs: number): string {
  if (!c) return '';
  const rows = [
    [
      'bot: Bot API stand-in → polling → update inbox → saveEntry → ✍ reaction',
      num(c.botPerSecond),
      percent(c.botPerSecond / c.rawEachPerSecond, 0),
      percent(c.botPerSecond / c.rawOneTxPerSecond, 1),
    ],
    [
      "the bot's store step alone: saveEntry (kysely), one after another",
      num(c.storePerSecond),
      percent(c.storePerSecond / c.rawEachPerSecond, 0),
      percent(c.storePerSecond / c.rawOneTxPerSecond, 1),
    ],
    [
      'raw insert, one commit each',
      num(c.rawEachPerSecond),
      '100 %',
      percent(c.rawEachPerSecond / c.rawOneTxPerSecond, 1),
    ],
    [
      'raw insert, one transaction',
      num(c.rawOneTxPerSecond),
      percent(c.rawOneTxPerSecond / c.rawEachPerSecond, 0),
      '100 %',
    ],
  ];
  return [
    '## 4. Live capture',
    '',
    `A burst of ${num(c.messages)} text messages from the owner, queued at once on the Bot API stand-in (local HTTP) while the real app (\`createApp\`) long-polls it into the update inbox, as \`npm start\` does; timed from queueing to the last ✍ reaction. ` +
      `One owner's chat is handled one update at a time (the update inbox's per-chat lane), so each message waits for its insert and its reaction round trip. Baselines: the same rows inserted with raw prepared statements, one commit each (as live messages are stored) and all in one transaction. Medians of ${runs} runs.`,
    '',
    table(['path', 'messages/s', 'vs raw, one commit each', 'vs raw, one transaction'], rows),
  ].join('\n');
}

const HEADER = [
  '# Benchmarks',
  '',
  'Generated by `npm run bench` (scripts/bench.ts); do not edit by hand. Timings come from a shared, noisy machine: each is a median of several runs, reported as a ratio to a baseline measured in the same run. ' +
    "Each part owns a section, stamped with the date, machine and commit it was measured on: `npm run bench -- <part>` measures one part again and rewrites only its section and the aims below (which collect every section's aims), so sections may come from different commits.",
].join('\n');

const FOOTER = [
  '## Reproduce',
  '',
  '```sh',
  `npm run bench -- tokens             # one part (${PARTS.join(', ')}): rewrites its section here`,
  'scripts/test-postgres.sh npm run bench -- instances   # the many-instances part on a throwaway PostgreSQL server',
  'npm run bench                       # every part, one after another (over 20 minutes on 2 cores)',
  'npm run bench -- --quick            # small sizes, prints the report instead',
  'npm run bench -- methods --methods-size 25000 --runs 5 --out -   # other sizes, printed',
  'npm run bench -- --from-results data/bench/last-results.json --out -   # re-render the last run, measuring nothing',
  '```',
  '',
  'Generated journals and exports go to `data/bench/` and are removed after the run (`--keep` keeps them for the next one).',
].join('\n');

/** When, where and on what a part was measured, and with which command. */
function stamp(r: BenchResults, part: Part): string {
  const m = r.machine;
  const seconds = r.seconds[part];
  return (
    `_Measured ${r.finishedAt?.[part] ?? m.date} on ${m.code ?? 'an unknown commit'}: \`${r.command}\`${seconds === undefined ? '' : ` (${num(seconds)} s)`}. ` +
    `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB RAM, ${m.os}, shared with other work${r.loadAt?.[part] === undefined ? '' : ` (load average ${num(r.loadAt[part], 1)} over the last 5 minutes)`}; Node ${m.node}, SQLite ${m.sqlite}; ` +
    `${Object.entries(m.packages)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}._`
  );
}

/** The section of each part this run measured (and did not fail), with its aims. */
export function partSections(r: BenchResults): PartSection[] {
  const made: Record<Part, () => { markdown: string; aims: Aim[] } | null> = {
    tokens: () => (r.tokens.length ? { markdown: tokensSection(r.tokens), aims: tokenAims(r.tokens) } : null),
    import: () =>
      r.imports.length ? { markdown: importSection(r.imports, r.options.runs), aims: importAims(r.imports) } : null,
    methods: () => (r.methods ? { markdown: methodsSection(r.methods), aims: methodAims(r.methods) } : null),
    capture: () =>
      r.capture ? { markdown: captureSection(r.capture, r.options.runs), aims: captureAims(r.capture) } : null,
    reading: () => (r.reading?.length ? { markdown: readingSection(r.reading), aims: readingAims(r.reading) } : null),
    postgres: () => (r.postgres ? { markdown: postgresSection(r.postgres), aims: postgresAims(r.postgres) } : null),
    instances: () =>
      r.instances ? { markdown: instancesSection(r.instances), aims: instancesAims(r.instances) } : null,
    startup: () => (r.startup ? { markdown: startupSection(r.startup), aims: startupAims(r.startup) } : null),
    encryption: () =>
      r.encryption
        ? { markdown: encryptionSection(r.encryption, r.options.runs), aims: encryptionAims(r.encryption) }
        : null,
    web: () => (r.web ? { markdown: webSection(r.web), aims: webAims(r.web) } : null),
    retrieval: () =>
      r.retrieval ? { markdown: retrievalSection(r.retrieval), aims: retrievalAims(r.retrieval) } : null,
  };
  const sections: PartSection[] = [];
  for (const part of r.options.only) {
    const section = r.failed?.includes(part) ? null : made[part]();
    if (!section) continue;
    // The stamp goes right under the section's heading.
    const [heading, ...rest] = section.markdown.trim().split('\n');
    sections.push({
      part,
      aims: section.aims,
      markdown: [heading, '', stamp(r, part), ...rest].join('\n').replace(/\n{3,}/g, '\n\n'),
    });
  }
  return sections;
}

/** A whole report of one run's parts (printed by partial and quick runs, and the base of BENCHMARKS.md). */
export function renderReport(r: BenchResults, sections: PartSection[] = partSections(r)): string {
  return writeSections(sections, HEADER, FOOTER);
}

export { FOOTER as REPORT_FOOTER, HEADER as REPORT_HEADER };
