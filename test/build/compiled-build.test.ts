// The compiled build as users run it: the npm scripts start `node dist/…` (the parse worker and the migrations
// built too), a source change is rebuilt before it runs, and SIGTERM reaches the bot through `npm start` and through
// the deployment command, `node dist/main.js`, which both stop it cleanly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/sqlite/open-database.ts';
import { writeSyntheticExport } from '../../scripts/synthetic-export.ts';
import { botApiPerTest } from '../helpers/bot-api-per-test.ts';
import { PROCESS_TOKEN, waitForStderr } from '../helpers/bot-process.ts';
import {
  PROCESS_TEST_MS,
  PROCESS_WAIT_MS,
  REPO_ROOT,
  startRecorded,
  type RunningProcess,
} from '../helpers/run-entry-point.ts';
import { OWNER_ID, textUpdate } from '../helpers/updates.ts';

const harness = botApiPerTest('journal-build-');

/**
 * The environment of a process the test starts in the project folder (npm runs scripts there, so a developer's own
 * .env would be read): every variable the configuration knows is blanked, which it treats as unset.
 */
function cleanEnv(env: Record<string, string>): Record<string, string> {
  const blank = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, '']));
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...blank, JOURNAL_TIMEZONE: 'UTC', ...env };
}

function start(command: string, args: string[], env: Record<string, string>): RunningProcess {
  return startRecorded([command, ...args], { cwd: REPO_ROOT, env: cleanEnv(env) });
}

const build = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });

beforeAll(() => {
  if (build('--check').status !== 0) expect(build().status).toBe(0);
}, PROCESS_TEST_MS);

function botEnv(dbPath: string): Record<string, string> {
  return {
    TELEGRAM_BOT_TOKEN: PROCESS_TOKEN,
    TELEGRAM_API_ROOT: harness.api.url,
    ALLOWED_USER_IDS: String(OWNER_ID),
    DATABASE_PATH: dbPath,
  };
}

/** Stores one message through the running bot, then SIGTERMs `target` and returns how the process ended. */
async function storeThenTerminate(bot: RunningProcess, target: number) {
  await harness.api.waitFor((calls) => calls.some((c) => c.method === 'getUpdates'), PROCESS_WAIT_MS);
  harness.api.queueUpdate({ update_id: 1, ...textUpdate('written before the stop', { messageId: 1 }) });
  await harness.api.waitFor((calls) => calls.some((c) => c.method === 'setMessageReaction'), PROCESS_WAIT_MS);
  process.kill(target, 'SIGTERM');
  return bot.done;
}

/** A clean stop closes the database: the WAL is checkpointed and removed, and the entry is there. */
async function expectClosedCleanly(dbPath: string) {
  expect(existsSync(`${dbPath}-wal`)).toBe(false);
  const db = openDatabase(dbPath);
  const rows = await db.selectFrom('entry').select('content').execute();
  await db.destroy();
  expect(rows).toEqual([{ content: 'written before the stop' }]);
}

describe('the compiled build', { timeout: PROCESS_TEST_MS }, () => {
  it('every npm script but dev, the tests and the bench, screenshot and conformance tools runs node on dist/, and each has its source', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const runners = Object.entries(scripts).filter(
      ([name]) =>
        ![
          'prepare',
          'build',
          'dev',
          'typecheck',
          'lint',
          'format',
          'test',
          'test:quick',
          'test:watch',
          'bench',
          'fuzz',
          'eval',
          'screenshots',
          'conformance',
        ].includes(name),
    );
    for (const [name, script] of runners) {
      expect(script, name).toMatch(/^exec node --import \.\/scripts\/fresh-build\.mjs dist\/[\w/-]+\.js$/);
      const source = script.replace(/^.* dist\/([\w/-]+)\.js$/, 'src/$1.ts');
      expect(existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
    }
    expect(scripts.prepare).toBe('node scripts/build.mjs');
  });

  it('runs the built migrations and the parse worker without tsx', async () => {
    const dbPath = path.join(harness.dir, 'journal.sqlite');
    const migrated = await start(process.execPath, ['dist/cli/migrate.js'], { DATABASE_PATH: dbPath }).done;
    expect(migrated.stderr).toBe('');
    const migrations = readdirSync(path.join(REPO_ROOT, 'migrations')).filter((f) => f.endsWith('.ts'));
    expect(migrated.stdout).toContain(`${migrations.length} migration(s) applied`);
    expect(existsSync(path.join(REPO_ROOT, 'dist/migrations', migrations[0]!.replace(/\.ts$/, '.js')))).toBe(true);

    // Over 4 MB, so the importer parses on its worker thread (INLINE_PARSE_MAX_BYTES).
    const exported = await writeSyntheticExport(path.join(harness.dir, 'result.json'), {
      messages: 7_500,
      ownerId: OWNER_ID,
    });
    expect(exported.bytes).toBeGreaterThan(4_000_000);
    const imported = await start(process.execPath, ['dist/cli/import.js', exported.file], {
      DATABASE_PATH: dbPath,
      ALLOWED_USER_IDS: String(OWNER_ID),
    }).done;
    expect(imported.stdout).toContain(`Imported ${exported.entries} entries`);
    expect(imported.code).toBe(0);
  });

  it('rebuilds before starting when a source changed, and says so on stderr only', async () => {
    const source = path.join(REPO_ROOT, 'src/cli/journal.ts');
    const now = new Date();
    utimesSync(source, now, now);
    expect(build('--check').status).toBe(1);
    const result = await start('npm', ['run', '-s', 'journal', '--', '--help'], {}).done;
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/The sources changed since the last build: building dist/);
    expect(result.stdout).toMatch(/^Usage: npm run -s journal/);
    expect(build('--check').status).toBe(0);
  });

  it('keeps the chunks of this build and the one before, and removes older ones', () => {
    const chunks = path.join(REPO_ROOT, 'dist/chunks');
    const list = path.join(REPO_ROOT, 'dist/.build-chunks.json');
    // A chunk the last build listed (a start that read its entry point may still import it), and one nobody lists.
    const lastBuilds = path.join(chunks, 'last-build-TEST0001.js');
    const older = path.join(chunks, 'older-build-TEST0002.js');
    writeFileSync(lastBuilds, '');
    writeFileSync(older, '');
    const listed = JSON.parse(readFileSync(list, 'utf8')) as { current: string[] };
    writeFileSync(list, JSON.stringify({ current: [...listed.current, path.basename(lastBuilds)] }));
    expect(build().status).toBe(0);
    expect(existsSync(older)).toBe(false);
    expect(existsSync(lastBuilds)).toBe(true);
    const current = (JSON.parse(readFileSync(list, 'utf8')) as { current: string[] }).current;
    expect(current.length).toBeGreaterThan(0);
    expect(current.every((name) => existsSync(path.join(chunks, name)))).toBe(true);
    expect(build().status).toBe(0); // a build later, it is two builds old
    expect(existsSync(lastBuilds)).toBe(false);
  });

  it('stops cleanly when the deployment command, node dist/main.js, gets SIGTERM', async () => {
    const dbPath = path.join(harness.dir, 'journal.sqlite');
    const bot = start(process.execPath, ['dist/main.js'], botEnv(dbPath));
    const result = await storeThenTerminate(bot, bot.child.pid!);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('"event":"bot.stopped"');
    await expectClosedCleanly(dbPath);
  });

  it('stops cleanly when npm start gets SIGTERM: the signal reaches the bot, and npm waits for it', async () => {
    const dbPath = path.join(harness.dir, 'journal.sqlite');
    const npm = start('npm', ['start'], botEnv(dbPath));
    await waitForStderr(npm, '"event":"bot.started"');
    const bot = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(npm.child.pid)], {
      encoding: 'utf8',
    }).stdout.trim();
    // exec: the bot is npm's own child, with no shell between them to swallow the signal.
    expect(bot).toMatch(/^\d+ node --import \.\/scripts\/fresh-build\.mjs dist\/main\.js$/);
    const result = await storeThenTerminate(npm, npm.child.pid!);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('"event":"bot.stopped"');
    expect(() => process.kill(Number(bot.split(' ')[0]), 0)).toThrow();
    await expectClosedCleanly(dbPath);
  });
});
