/**
 * Benchmark: start-up, the compiled build against the tsx way, side by side in one run (interleaved, medians).
 * The tsx way is the scripts as they were before the build (`tsx src/cli/journal.ts`, `node --import tsx src/…`),
 * run by npm from a scratch package whose src/, migrations/ and node_modules are links to this checkout's. The
 * compiled build is timed twice: through npm (the npm scripts) and as `node dist/…` directly (what systemd, Docker
 * and an MCP client's config run). Measured: `journal --help`; the MCP server's initialize + tools/list as a client
 * spawns it; the bot's start to its first getUpdates (Bot API stand-in); its idle RSS (and npm's beside it); and
 * npm's own start, `npm run -s` of a script that does nothing, so its share of the npm figures is known.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CONFIG_VARIABLES } from '../../src/config/config.ts';
import { startBotApiStandIn, type BotApiStandIn } from '../../test/stand-ins/bot-api.ts';
import type { Aim } from './aims.ts';
import { mb, num, table, times } from './markdown.ts';
import { median, nowMs } from './timing.ts';

const TOKEN = '123456789:AAH-abcdefghijklmnopqrstuvwxyz012';
const OWNER = 1000;
/** How long the bot idles after its first getUpdates before its memory is read. */
const IDLE_MS = 3_000;

export const STARTUP_AIMS = { helpMs: 300, mcpMs: 400, startMs: 600, rssMiB: 120 };

/**
 * The tsx way as it was measured when the aims above were set (a 2-core machine, medians): each aim is that figure
 * divided by a factor. A shared machine's speed changes from hour to hour while the ratio of two ways measured side by
 * side does not, so the factor is checked too, against the tsx way measured in the same run: as an aim of its own,
 * beside the absolute one, never in its place.
 */
export const TSX_MS_WHEN_AIMED = { helpMs: 910, mcpMs: 819, startMs: 1_240 };

/** The scripts before the build, as they were in package.json. */
const TSX_SCRIPTS = {
  journal: 'tsx src/cli/journal.ts',
  mcp: 'node --import tsx src/cli/mcp.ts',
  migrate: 'tsx src/cli/migrate.ts',
  start: 'node --import tsx src/main.ts',
};

type Way = 'tsx' | 'compiled' | 'direct';
const WAYS: readonly Way[] = ['tsx', 'compiled', 'direct'];

/** How each way starts a command: npm's script, or node on the bundle (the script's command without npm). */
const COMMANDS: Record<Way, Record<'help' | 'mcp' | 'start', string[]>> = {
  tsx: {
    help: ['npm', 'run', '-s', 'journal', '--', '--help'],
    mcp: ['npm', 'run', '-s', 'mcp'],
    start: ['npm', 'start'],
  },
  compiled: {
    help: ['npm', 'run', '-s', 'journal', '--', '--help'],
    mcp: ['npm', 'run', '-s', 'mcp'],
    start: ['npm', 'start'],
  },
  direct: {
    help: ['node', 'dist/cli/journal.js', '--help'],
    mcp: ['node', 'dist/cli/mcp.js'],
    start: ['node', 'dist/main.js'],
  },
};

export interface StartupSample {
  helpMs: number;
  mcpMs: number;
  startMs: number;
  /** The bot's node process, and npm's (which stays for as long as the bot runs; 0 when started directly). */
  botRssBytes: number;
  npmRssBytes: number;
}

export interface StartupResult {
  runs: number;
  samples: Record<Way, StartupSample[]>;
  /** `npm run -s` of a script that does nothing (`exec true`): npm's own share of every npm figure. */
  npmAloneMs: number[];
}

/** A developer's .env must not leak in (npm runs scripts in the package folder): every variable is blanked. */
function env(extra: Record<string, string>): Record<string, string> {
  const blank = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, '']));
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...blank, JOURNAL_TIMEZONE: 'UTC', ...extra };
}

/** A package with the old scripts over this checkout's sources, and one that does nothing (npm's own start). */
function tsxPackage(repoRoot: string, dir: string): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ ...pkg, scripts: { ...TSX_SCRIPTS, nothing: 'exec true' } }, null, 2),
  );
  for (const name of ['src', 'migrations', 'node_modules', 'tsconfig.json'])
    symlinkSync(path.join(repoRoot, name), path.join(dir, name));
  return dir;
}

async function timeCommand([command, ...args]: string[], cwd: string): Promise<number> {
  const t0 = nowMs();
  const child = spawn(command!, args, { cwd, env: env({}), stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${code} in ${cwd}`);
  return nowMs() - t0;
}

async function timeMcp([command, ...args]: string[], cwd: string, dbPath: string): Promise<number> {
  const t0 = nowMs();
  const transport = new StdioClientTransport({
    command: command!,
    args,
    cwd,
    env: env({ DATABASE_PATH: dbPath, ALLOWED_USER_IDS: String(OWNER) }),
    stderr: 'ignore',
  });
  const client = new Client({ name: 'startup-bench', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const elapsed = nowMs() - t0;
  if (tools.length === 0) throw new Error('the MCP server listed no tools');
  await client.close();
  return elapsed;
}

const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) * 1024;

/** The pid at or below `pid` whose command line runs main (the bot), found through ps. */
function botPid(npmPid: number): number {
  const rows = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l)!);
  const below = new Set([npmPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [, pid, ppid] of rows) {
      if (!below.has(Number(ppid)) || below.has(Number(pid))) continue;
      below.add(Number(pid));
      grew = true;
    }
  }
  const bot = rows.find(([, pid, , args]) => below.has(Number(pid)) && /^node .*\bmain\.[jt]s$/.test(args!));
  if (!bot) throw new Error(`no bot process found under npm (pid ${npmPid})`);
  return Number(bot[1]);
}

async function timeStart(
  [command, ...args]: string[],
  cwd: string,
  dbPath: string,
  api: BotApiStandIn,
): Promise<Pick<StartupSample, 'startMs' | 'botRssBytes' | 'npmRssBytes'>> {
  const before = api.callsTo('getUpdates').length;
  const t0 = nowMs();
  const npm = spawn(command!, args, {
    cwd,
    env: env({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: api.url,
      ALLOWED_USER_IDS: String(OWNER),
      DATABASE_PATH: dbPath,
    }),
    stdio: 'ignore',
  });
  const direct = command !== 'npm';
  const closed = new Promise<void>((resolve) => npm.on('close', () => resolve()));
  try {
    await api.waitFor(() => api.callsTo('getUpdates').length > before, 120_000);
    const startMs = nowMs() - t0;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const bot = direct ? npm.pid! : botPid(npm.pid!);
    const sample = { startMs, botRssBytes: rssOf(bot), npmRssBytes: direct ? 0 : rssOf(npm.pid!) };
    // The bot first: under the tsx way a signal to npm would not reach it.
    process.kill(bot, 'SIGTERM');
    await closed;
    return sample;
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
  }
}

export async function runStartupBench(
  repoRoot: string,
  runs: number,
  log: (line: string) => void,
): Promise<StartupResult> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'startup-bench-'));
  const api = await startBotApiStandIn();
  try {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the build failed: ${build.stderr}`);
    const tsxCwd = tsxPackage(repoRoot, mkdtempSync(path.join(scratch, 'tsx-')));
    const cwd: Record<Way, string> = { compiled: repoRoot, direct: repoRoot, tsx: tsxCwd };
    const dbPath = path.join(scratch, 'journal.sqlite');
    const migrate = spawnSync('npm', ['run', '-s', 'migrate'], {
      cwd: repoRoot,
      env: env({ DATABASE_PATH: dbPath }),
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`npm run migrate failed: ${migrate.stderr}`);
    const samples: Record<Way, StartupSample[]> = { tsx: [], compiled: [], direct: [] };
    const npmAloneMs: number[] = [];
    // One warm-up of each (disk caches), then interleaved runs, so load on the shared machine hits every way alike.
    for (let run = 0; run <= runs; run++) {
      for (const way of WAYS) {
        const commands = COMMANDS[way];
        const sample = {
          helpMs: await timeCommand(commands.help, cwd[way]),
          mcpMs: await timeMcp(commands.mcp, cwd[way], dbPath),
          ...(await timeStart(commands.start, cwd[way], dbPath, api)),
        };
        if (run > 0) samples[way].push(sample);
        log(
          `startup ${way}${run === 0 ? ' (warm-up)' : ` ${run}/${runs}`}: help ${num(sample.helpMs)} ms, mcp ${num(sample.mcpMs)} ms, start ${num(sample.startMs)} ms, bot ${mb(sample.botRssBytes)}, npm ${mb(sample.npmRssBytes)}`,
        );
      }
      const alone = await timeCommand(['npm', 'run', '-s', 'nothing'], tsxCwd);
      if (run > 0) npmAloneMs.push(alone);
    }
    return { runs, samples, npmAloneMs };
  } finally {
    await api.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const med = (samples: StartupSample[], key: keyof StartupSample) => median(samples.map((s) => s[key]));

/** The three timed starts: how each is named, its sample key, and its aim. */
const TIMED = [
  ['`journal --help`', 'helpMs', STARTUP_AIMS.helpMs],
  ['MCP `initialize` + `tools/list`', 'mcpMs', STARTUP_AIMS.mcpMs],
  ["the bot's start to its first `getUpdates`", 'startMs', STARTUP_AIMS.startMs],
] as const;

/** How much faster than the tsx way the aim asks a start to be: the tsx way's figure when it was set, over the aim. */
const aimedSpeedUp = (key: (typeof TIMED)[number][1]) => TSX_MS_WHEN_AIMED[key] / STARTUP_AIMS[key];

export function startupSection(r: StartupResult): string {
  const npmAlone = median(r.npmAloneMs);
  const rows = TIMED.map(([what, key, aim]) => {
    const [tsx, compiled, direct] = WAYS.map((way) => med(r.samples[way], key));
    return [
      what,
      `${num(tsx!)} ms`,
      `${num(compiled!)} ms`,
      `${num(direct!)} ms`,
      times(tsx! / direct!, 1),
      `≤ ${num(aim)} ms (${times(aimedSpeedUp(key), 1)} faster)`,
    ];
  });
  const rss = (way: Way) =>
    `${mb(med(r.samples[way], 'botRssBytes'))}${way === 'direct' ? '' : ` (npm beside it: ${mb(med(r.samples[way], 'npmRssBytes'))})`}`;
  return [
    '## Start-up',
    '',
    'Each command started as a user starts it, three ways, interleaved after one warm-up of each; medians of ' +
      `${r.runs} runs. The tsx way: the scripts before the compiled build (\`tsx src/cli/…\`, \`node --import tsx src/…\`), ` +
      'run by npm from a scratch package over the same sources. Compiled, through npm: the npm scripts ' +
      '(`npm run -s journal -- --help`, `npm run -s mcp`, `npm start`: `node --import ./scripts/fresh-build.mjs dist/…`, ' +
      'the freshness check included). Compiled, directly: `node dist/cli/journal.js --help`, `node dist/cli/mcp.js`, ' +
      "`node dist/main.js`, as systemd, Docker and an MCP client's config run them (docs/deploying.md, docs/mcp.md). " +
      'MCP is timed from the spawn to the `tools/list` answer (the official client over stdio); the bot against the ' +
      `Bot API stand-in; its RSS is read from /proc ${num(IDLE_MS / 1000)} s after the first \`getUpdates\`. ` +
      `npm's own start, \`npm run -s\` of a script that does nothing (\`exec true\`), took ${num(npmAlone)} ms in this run: ` +
      'every figure through npm carries it. Each aim was set against the tsx way as it was measured then ' +
      `(\`journal --help\` ${num(TSX_MS_WHEN_AIMED.helpMs)} ms, MCP ${num(TSX_MS_WHEN_AIMED.mcpMs)} ms, the bot's start ` +
      `${num(TSX_MS_WHEN_AIMED.startMs)} ms), so each start has two aims, judged apart: the absolute figure, started ` +
      'directly, and the speed-up over the tsx way measured in this run. A start that makes its speed-up but not its ' +
      'figure has missed the figure. Produced by `npm run bench -- startup` (scripts/bench/startup.ts).',
    '',
    table(
      ['', 'tsx way (npm)', 'compiled, through npm', 'compiled, directly', 'faster (tsx way / directly)', 'aim'],
      [...rows, ["the bot's idle RSS", rss('tsx'), rss('compiled'), rss('direct'), '', `≤ ${STARTUP_AIMS.rssMiB} MiB`]],
    ),
  ].join('\n');
}

/**
 * Two aims per start, each met or missed on its own: the absolute figure of the compiled code as deployments start it
 * (directly), and the speed-up over the tsx way measured in the same run (see TSX_MS_WHEN_AIMED). The figure through
 * npm is given beside the first with npm's own share, which no change to this code can remove (Node 22's `node --run`
 * skips it).
 */
export function startupAims(r: StartupResult): Aim[] {
  const npmAlone = median(r.npmAloneMs);
  const check = ([what, key, aim]: (typeof TIMED)[number]): Aim[] => {
    const direct = med(r.samples.direct, key);
    const tsx = med(r.samples.tsx, key);
    const speedUp = tsx / direct;
    return [
      {
        aim: `${what} ≤ ${num(aim)} ms, compiled, started directly`,
        measured: `${num(direct)} ms directly; through npm ${num(med(r.samples.compiled, key))} ms, of which npm's own start ${num(npmAlone)} ms`,
        met: direct <= aim,
      },
      {
        aim: `${what}, compiled: ${times(aimedSpeedUp(key), 1)} faster than the tsx way measured in the same run`,
        measured: `${times(speedUp, 1)} (tsx way ${num(tsx)} ms, directly ${num(direct)} ms)`,
        met: speedUp >= aimedSpeedUp(key),
      },
    ];
  };
  const rss = (way: Way) => med(r.samples[way], 'botRssBytes') / 2 ** 20;
  return [
    ...TIMED.flatMap(check),
    {
      aim: `The bot's idle RSS ≤ ${STARTUP_AIMS.rssMiB} MiB, compiled`,
      measured: `${num(rss('direct'))} MiB directly, ${num(rss('compiled'))} MiB through npm (tsx way ${num(rss('tsx'))} MiB)`,
      met: Math.max(rss('direct'), rss('compiled')) <= STARTUP_AIMS.rssMiB,
    },
  ];
}
