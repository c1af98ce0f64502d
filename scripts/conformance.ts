/**
 * npm run conformance: the official MCP conformance suite (@modelcontextprotocol/conformance) against both of our
 * servers, on a demo journal in a temp folder:
 *   - stdio (`node dist/cli/mcp.js`), through a small HTTP bridge (conformance/stdio-bridge.ts), and
 *   - /mcp on the bot's HTTP server with PUBLIC_URL (the Bot API stand-in answering the bot), with a token minted
 *     through the real OAuth flow (conformance/mint-token.ts) that a loopback proxy adds (conformance/bearer-proxy.ts).
 * Prints the suite's own output and a table per server; exits 1 when an applicable scenario fails. Scenarios built on
 * the suite's reference server (its fixtures' tools, prompts and resources) are listed as not applicable, with why.
 * On Node 20 the npm script preloads conformance/node20-globsync.mjs (the suite imports fs.globSync, Node 22+);
 * CONFORMANCE_NODE=/path/to/node runs the suite itself on another Node (docs/mcp.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/sqlite/open-database.ts';
import { DEMO_JOURNAL, buildGeneratedJournal } from '../src/demo/demo-journal.ts';
import { startRemoteBot } from '../test/helpers/remote-mcp.ts';
import { OWNER_ID } from '../test/helpers/updates.ts';
import { startBearerProxy } from './conformance/bearer-proxy.ts';
import { mintToken } from './conformance/mint-token.ts';
import { startStdioBridge } from './conformance/stdio-bridge.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SUITE = path.join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const SHIM = path.join(ROOT, 'scripts/conformance/node20-globsync.mjs');

/** Scenarios that test the suite's reference server rather than MCP itself, and why they do not apply here. */
export const NOT_APPLICABLE: [pattern: RegExp, reason: string][] = [
  [
    /^tools-call-/,
    "calls the reference server's fixture tools (add_numbers, test_image_content, …); ours are the journal's",
  ],
  [/^prompts-get-/, "gets the reference server's fixture prompts; ours is ask-journal"],
  [
    /^resources-(?!list$)/,
    "reads or subscribes to the reference server's fixture resources (test://…); ours is the App's ui:// page",
  ],
  [/^completion-complete$/, 'needs a completable prompt argument; ask-journal takes free text'],
  [/^logging-set-level$/, 'needs the logging capability; the server logs to stderr, not to the client'],
  [/^elicitation-/, "calls the reference server's elicitation fixture tools; the journal never asks the user mid-call"],
  [/^json-schema-2020-12$/, "lists the reference server's json_schema_2020_12_tool fixture"],
  [/^server-sse-/, "calls the reference server's SSE fixture tools; our /mcp answers each request whole (stateless)"],
];

/** Over stdio there is no Host or Origin to check: the scenario would test the bridge, not the server. */
const NOT_APPLICABLE_OVER_STDIO: [RegExp, string][] = [
  [
    /^dns-rebinding-protection$/,
    'stdio has no HTTP Host or Origin header (the bridge is test scaffolding, loopback only)',
  ],
];

interface ScenarioResult {
  scenario: string;
  passed: number;
  failed: number;
  warnings: number;
  failures: string[];
  notApplicable?: string;
}

async function main(): Promise<void> {
  // The stdio server runs from dist/ (scripts/build.mjs), as clients start it.
  if (spawnSync(process.execPath, ['scripts/build.mjs', '--check'], { cwd: ROOT }).status !== 0) {
    if (spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error('the build failed (above)');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-conformance-'));
  const file = path.join(dir, 'journal.sqlite');
  const db = openDatabase(file);
  await migrateToLatest(db);
  await buildGeneratedJournal(db, { ownerId: OWNER_ID, ...DEMO_JOURNAL, timeZone: 'UTC' });
  await db.destroy();

  const env = { PATH: process.env.PATH, HOME: dir, DATABASE_PATH: file, JOURNAL_TIMEZONE: 'UTC', ALLOWED_USER_IDS: '' };
  const bridge = await startStdioBridge(
    process.execPath,
    [path.join(ROOT, 'dist/cli/mcp.js'), '--owner', String(OWNER_ID)],
    env,
  );
  const remote = await startRemoteBot({ callsPerMinute: 100_000 });
  const cleanups = [() => bridge.close(), () => remote.close()];
  let failed = false;
  try {
    await buildGeneratedJournal(remote.t.temp.db, { ownerId: OWNER_ID, ...DEMO_JOURNAL, timeZone: 'UTC' });
    const proxy = await startBearerProxy(remote.mcpUrl, await mintToken(remote));
    cleanups.push(() => proxy.close());
    for (const [name, url, outDir, extra] of [
      ['stdio (npm run -s mcp, through the bridge)', bridge.url, 'stdio', NOT_APPLICABLE_OVER_STDIO],
      ['/mcp (remote, OAuth token)', proxy.url, 'remote', []],
    ] as const) {
      const results = await runSuite(name, url, path.join(dir, outDir), [...NOT_APPLICABLE, ...extra]);
      printTable(name, results);
      if (results.some((r) => !r.notApplicable && r.failed > 0)) failed = true;
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error('\nAn applicable scenario failed (above).');
    process.exitCode = 1;
  }
}

/** Runs the suite's server scenarios against one URL; its output passes through; the results come from its files. */
async function runSuite(
  name: string,
  url: string,
  outDir: string,
  notApplicable: readonly (readonly [RegExp, string])[],
): Promise<ScenarioResult[]> {
  console.log(`\n=== ${name}: ${url}\n`);
  const node = process.env.CONFORMANCE_NODE ?? process.execPath;
  const args = [
    ...(process.env.CONFORMANCE_NODE ? [] : ['--import', SHIM]),
    SUITE,
    'server',
    '--url',
    url,
    '-o',
    outDir,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(node, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', () => resolve()); // it exits 1 on any failure; the table below decides what counts
  });
  return readResults(outDir, notApplicable);
}

function readResults(outDir: string, notApplicableList: readonly (readonly [RegExp, string])[]): ScenarioResult[] {
  if (!existsSync(outDir)) throw new Error(`the suite wrote no results to ${outDir}`);
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && e.name === 'checks.json',
  );
  return files
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const scenario = path
        .basename(path.dirname(full))
        .replace(/^server-(?=.*-\d{4}-)/, '')
        .replace(/-\d{4}-\d{2}-\d{2}T.*$/, '');
      const checks = JSON.parse(readFileSync(full, 'utf8')) as {
        status: string;
        name: string;
        errorMessage?: string;
      }[];
      const bad = checks.filter((c) => c.status === 'FAILURE');
      const notApplicable = notApplicableList.find(([pattern]) => pattern.test(scenario))?.[1];
      return {
        scenario,
        passed: checks.filter((c) => c.status === 'SUCCESS').length,
        failed: bad.length,
        warnings: checks.filter((c) => c.status === 'WARNING').length,
        failures: bad.map((c) => `${c.name}: ${c.errorMessage ?? 'failed'}`),
        ...(notApplicable ? { notApplicable } : {}),
      };
    })
    .sort((a, b) => a.scenario.localeCompare(b.scenario));
}

function printTable(name: string, results: ScenarioResult[]): void {
  console.log(`\n${name}`);
  const width = Math.max(...results.map((r) => r.scenario.length));
  for (const r of results.filter((x) => !x.notApplicable)) {
    const verdict = r.failed > 0 ? 'FAIL' : 'pass';
    console.log(
      `  ${verdict}  ${r.scenario.padEnd(width)}  ${r.passed} passed${r.warnings ? `, ${r.warnings} warnings` : ''}${r.failed ? `, ${r.failed} failed` : ''}`,
    );
    for (const f of r.failures) console.log(`          ${f}`);
  }
  const skipped = results.filter((x) => x.notApplicable);
  if (skipped.length) console.log('  not applicable:');
  for (const r of skipped) console.log(`  n/a   ${r.scenario.padEnd(width)}  ${r.notApplicable}`);
}

await main();
