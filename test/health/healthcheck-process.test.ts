// The HEALTHCHECK's answer (scripts/healthcheck.mjs, run as Docker runs it) against the real bot process and the Bot
// API stand-in, in polling and webhook mode, with and without the Mini App: healthy once Telegram and the database
// answered, unhealthy (naming Telegram) once the stand-in is stopped: the same answer for the same fault in every mode.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startBot, waitForStderr, waitUntil } from '../helpers/bot-process.ts';
import { REPO_ROOT, type RunningProcess } from '../helpers/run-entry-point.ts';
import { startHealthBeat } from '../../src/wiring/health-status.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { startBotApiStandIn, type BotApiStandIn } from '../stand-ins/bot-api.ts';

const run = promisify(execFile);

/** The healthcheck as Docker runs it: its exit code and what it printed. */
async function healthcheck(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [path.join(REPO_ROOT, 'scripts/healthcheck.mjs')], {
      env: { ...process.env, HEALTH_FILE: file },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

const MODES = [
  { name: 'polling', webhook: false, miniApp: false },
  { name: 'polling with the Mini App', webhook: false, miniApp: true },
  { name: 'webhook', webhook: true, miniApp: false },
  { name: 'webhook with the Mini App', webhook: true, miniApp: true },
];

describe('the healthcheck', { timeout: 120_000 }, () => {
  let dir: string;
  let api: BotApiStandIn | undefined;
  let bot: RunningProcess | undefined;

  afterEach(async () => {
    if (bot && bot.child.exitCode === null) {
      bot.child.kill('SIGKILL');
      await bot.done;
    }
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(MODES)('$name: healthy while Telegram answers, unhealthy once it does not', async (mode) => {
    dir = mkdtempSync(path.join(tmpdir(), 'journal-health-'));
    const file = path.join(dir, 'health.json');
    api = await startBotApiStandIn();
    const port = await freePort();
    const env: Record<string, string> = { HEALTH_FILE: file, HEALTH_INTERVAL_SECONDS: '1', JOURNAL_TIMEZONE: 'UTC' };
    if (mode.webhook)
      Object.assign(env, {
        TELEGRAM_WEBHOOK_URL: 'https://journal.example.com/telegram',
        TELEGRAM_WEBHOOK_SECRET: 'health-secret',
        PORT: String(port),
      });
    else if (mode.miniApp) env.WEB_PORT = String(port);
    if (mode.miniApp) env.MINI_APP_URL = 'https://journal.example.com/';
    expect((await healthcheck(file)).output).toMatch(/^unhealthy: no health record at /);

    bot = startBot({ cwd: dir, dbPath: path.join(dir, 'journal.sqlite'), apiRoot: api.url, env });
    await waitForStderr(bot, '"event":"bot.started"');
    let answer = await healthcheck(file);
    await waitUntil(async () => (answer = await healthcheck(file)).code === 0, 20_000, 'healthy');
    expect(answer.output).toContain(`healthy: ${mode.webhook ? 'webhook' : 'polling'}`);

    // Telegram unreachable: within three intervals the answer turns, naming Telegram; the database still answers.
    await api.close();
    api = undefined;
    await waitUntil(async () => (answer = await healthcheck(file)).code === 1, 20_000, 'unhealthy');
    expect(answer.output).toMatch(/^unhealthy: Telegram last answered \d+ s ago \(/);
    expect(bot.child.exitCode).toBeNull();

    // The bot gone: unhealthy, whatever its last record said.
    bot.child.kill('SIGKILL');
    await bot.done;
    expect((await healthcheck(file)).output).toMatch(/is not running/);
  });
});

describe('the health record', () => {
  it('says unhealthy, naming the database, when the database does not answer though Telegram does', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'journal-health-db-'));
    const file = path.join(folder, 'health.json');
    let databaseUp = true;
    const beat = startHealthBeat({
      file,
      intervalSeconds: 1,
      mode: 'polling',
      probeTelegram: async () => ({ ok: true }),
      probeDatabase: async () => {
        if (!databaseUp) throw new Error('connection refused');
      },
      clock: () => new Date(),
      logger: createMemoryLogger(),
    });
    try {
      let answer = await healthcheck(file);
      await waitUntil(async () => (answer = await healthcheck(file)).code === 0, 10_000, 'healthy');
      databaseUp = false;
      await waitUntil(async () => (answer = await healthcheck(file)).code === 1, 10_000, 'unhealthy');
      expect(answer.output).toMatch(
        /^unhealthy: the database last answered \d+ s ago \((?:Error: )?connection refused\)/,
      );
    } finally {
      await beat.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
