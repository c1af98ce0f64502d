// The runtime image's pruning, as the Dockerfile runs it (`npm prune --omit=dev`, then scripts/prune-runtime.sh), on
// a copy of node_modules (hard links: instant, and the copy's deletions leave ours alone) beside a copy of dist/: no
// native build leftovers (better-sqlite3's SQLite sources, object files, static library, makefiles), no TypeScript,
// tsx or esbuild, no dev dependency; and the bot still starts from it against the Bot API stand-in, healthy, and
// stops cleanly. Its size is what docs/deploying.md states (printed here). No Docker engine is needed.
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TOKEN, waitUntil } from '../helpers/bot-process.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { startBotApiStandIn } from '../stand-ins/bot-api.ts';

const run = promisify(execFile);
const duMegabytes = async (dir: string) =>
  Math.round(Number((await run('du', ['-sk', dir])).stdout.split('\t')[0]) / 1024);

describe('the runtime image prune', { timeout: 180_000 }, () => {
  let dir: string;
  let modules: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'journal-runtime-'));
    modules = path.join(dir, 'node_modules');
    await run('cp', ['-al', path.join(REPO_ROOT, 'node_modules'), modules]);
    // npm rewrites its own record of the tree: a file of the copy's own, not a link to ours.
    rmSync(path.join(modules, '.package-lock.json'), { force: true });
    if (existsSync(path.join(REPO_ROOT, 'node_modules/.package-lock.json')))
      copyFileSync(path.join(REPO_ROOT, 'node_modules/.package-lock.json'), path.join(modules, '.package-lock.json'));
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(path.join(REPO_ROOT, file), path.join(dir, file));
    cpSync(path.join(REPO_ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
    await run('npm', ['prune', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir });
    await run('sh', [path.join(REPO_ROOT, 'scripts/prune-runtime.sh'), modules]);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves no build leftovers, TypeScript or dev dependency', async () => {
    for (const addon of ['better-sqlite3', 'better-sqlite3-multiple-ciphers']) {
      for (const gone of [
        'deps',
        'src',
        'build/Release/obj',
        'build/Release/obj.target',
        'build/Release/sqlite3.a',
        'build/Release/test_extension.node',
        'build/Makefile',
        'build/config.gypi',
      ])
        expect(existsSync(path.join(modules, addon, gone)), `${addon}/${gone}`).toBe(false);
      expect(existsSync(path.join(modules, addon, 'build/Release/better_sqlite3.node')), addon).toBe(true);
    }
    for (const gone of [
      'typescript',
      'tsx',
      'esbuild',
      '@esbuild',
      'vitest',
      'eslint',
      'prettier',
      '@electric-sql/pglite',
      'playwright-core',
      'fast-check',
    ])
      expect(existsSync(path.join(modules, gone)), gone).toBe(false);
    const objects = (
      await run('find', [modules, '-name', '*.o', '-o', '-name', '*.a', '-o', '-name', '*.mk'])
    ).stdout.trim();
    expect(objects).toBe('');
    const [nodeModulesMb, distMb] = [await duMegabytes(modules), await duMegabytes(path.join(dir, 'dist'))];
    console.log(`pruned runtime tree: node_modules ${nodeModulesMb} MB, dist ${distMb} MB`);
    expect(nodeModulesMb).toBeLessThan(200);
  });

  it('runs the bot from it: --help, a start against the Bot API stand-in, healthy, a clean stop; sharp loads', async () => {
    const help = await run(process.execPath, ['dist/main.js', '--help'], { cwd: dir });
    expect(help.stdout).toMatch(/^Usage: npm start/);
    const sharpLoads = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const s = (await import('sharp')).default; const b = await s({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer(); console.log(b.length > 0);",
      ],
      { cwd: dir },
    );
    expect(sharpLoads.stdout.trim()).toBe('true');

    const api = await startBotApiStandIn();
    const health = path.join(dir, 'health.json');
    const bot = spawn(process.execPath, ['dist/main.js'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        TELEGRAM_BOT_TOKEN: PROCESS_TOKEN,
        TELEGRAM_API_ROOT: api.url,
        ALLOWED_USER_IDS: String(OWNER_ID),
        DATABASE_PATH: path.join(dir, 'journal.sqlite'),
        JOURNAL_TIMEZONE: 'UTC',
        HEALTH_FILE: health,
        HEALTH_INTERVAL_SECONDS: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    bot.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => bot.on('exit', (code) => resolve(code)));
    try {
      await waitUntil(() => stderr.includes('"event":"bot.started"') || bot.exitCode !== null, 60_000, 'bot.started');
      expect(stderr).toContain('"event":"bot.started"');
      const healthy = async () =>
        run(process.execPath, [path.join(REPO_ROOT, 'scripts/healthcheck.mjs')], {
          env: { ...process.env, HEALTH_FILE: health },
        }).then(
          () => true,
          () => false,
        );
      await waitUntil(healthy, 20_000, 'healthy');
      bot.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (bot.exitCode === null) bot.kill('SIGKILL');
      await api.close();
    }
  });
});
