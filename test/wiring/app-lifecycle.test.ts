// The App's start and stop (src/wiring/lifecycle.ts): parts start in order and stop in reverse, once; a failing start
// stops what had started; a stop during a start gives up the part in progress. Then npm start's App itself
// (wiring/telegram-parts.ts) on a temp database against the Bot API stand-in: every timer it set is cleared and every
// server closed once it stops, and a start that fails at the web view's port leaves nothing running.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.ts';
import { createMemoryLogger } from '../../src/log/logger.ts';
import { createApp } from '../../src/wiring/app.ts';
import { createLifecycle, databasePart, type Part } from '../../src/wiring/lifecycle.ts';
import { telegramParts } from '../../src/wiring/telegram-parts.ts';
import { freePort } from '../helpers/bot-process.ts';
import { createTempDb, type TempDb } from '../helpers/temp-db.ts';
import { TEST_TOKEN } from '../helpers/test-app.ts';
import { OWNER_ID } from '../helpers/updates.ts';
import { startBotApiStandIn, type BotApiStandIn } from '../stand-ins/bot-api.ts';

/** A part that records its start and stop in `events`. */
const recorded = (name: string, events: string[], fail?: Error): Part => ({
  name,
  start: () => {
    events.push(`start ${name}`);
    if (fail) throw fail;
    return () => void events.push(`stop ${name}`);
  },
});

describe('the App lifecycle', () => {
  it('starts its parts in order and stops them in reverse, once however often stop is called', async () => {
    const events: string[] = [];
    const app = createLifecycle(
      ['a', 'b', 'c'].map((n) => recorded(n, events)),
      createMemoryLogger(),
    );
    expect(await app.start()).toBe(true);
    expect(app.running()).toEqual(['a', 'b', 'c']);
    await Promise.all([app.stop(), app.stop()]);
    await app.stop();
    expect(events).toEqual(['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
    expect(app.running()).toEqual([]);
    expect(() => app.start()).toThrow('started already');
  });

  it('stops what had started when a part fails to start, and starts nothing after it', async () => {
    const events: string[] = [];
    const refused = new Error('port in use');
    const app = createLifecycle(
      [recorded('a', events), recorded('b', events), recorded('c', events, refused), recorded('d', events)],
      createMemoryLogger(),
    );
    await expect(app.start()).rejects.toBe(refused);
    expect(events).toEqual(['start a', 'start b', 'start c', 'stop b', 'stop a']);
    expect(app.running()).toEqual([]);
  });

  it('gives up the part in progress when a stop comes during the start', async () => {
    const events: string[] = [];
    const waiting: Part = {
      name: 'telegram',
      start: (signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    };
    const app = createLifecycle([recorded('a', events), waiting, recorded('b', events)], createMemoryLogger());
    const started = app.start();
    await new Promise((resolve) => setImmediate(resolve));
    await app.stop();
    expect(await started).toBe(false);
    expect(events).toEqual(['start a', 'stop a']);
  });

  it('still stops the other parts when one fails to stop, and says which', async () => {
    const events: string[] = [];
    const logger = createMemoryLogger();
    const broken: Part = {
      name: 'broken',
      start: () => () => Promise.reject(new Error('socket gone')),
    };
    const app = createLifecycle([recorded('a', events), broken, recorded('b', events)], logger);
    await app.start();
    await app.stop();
    expect(events).toEqual(['start a', 'start b', 'stop b', 'stop a']);
    expect(logger.lines.join('\n')).toMatch(/app\.stop_failed.*broken.*socket gone/);
  });
});

/**
 * Counts the timers set while it is installed and not yet cleared (or, for a timeout, run). TRACE_TIMERS=1 adds
 * where each was set, to find one left behind. Only the calling test's own work counts (its async context): a worker
 * runs files one after another in one process (isolate: false), and a timer another file's code sets meanwhile is
 * not this app's.
 */
function trackTimers() {
  const live = new Map<unknown, string>();
  const real = { setTimeout, setInterval, clearTimeout, clearInterval };
  const g = globalThis as Record<string, unknown>;
  const ours = new AsyncLocalStorage<true>();
  ours.enterWith(true);
  g.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (!ours.getStore()) return real.setTimeout(fn, ms, ...args);
    const handle: unknown = real.setTimeout(
      (...a: unknown[]) => {
        live.delete(handle);
        fn(...a);
      },
      ms,
      ...args,
    );
    live.set(handle, `setTimeout ${ms} ms${process.env.TRACE_TIMERS ? ` ${new Error().stack}` : ''}`);
    return handle;
  };
  g.setInterval = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (!ours.getStore()) return real.setInterval(fn, ms, ...args);
    const handle = real.setInterval(fn, ms, ...args);
    live.set(handle, `setInterval ${ms} ms`);
    return handle;
  };
  g.clearTimeout = (handle: Parameters<typeof clearTimeout>[0]) => (live.delete(handle), real.clearTimeout(handle));
  g.clearInterval = (handle: Parameters<typeof clearInterval>[0]) => (live.delete(handle), real.clearInterval(handle));
  return {
    live: () => [...live.values()],
    restore: () => Object.assign(globalThis, real),
  };
}

/** Listening servers; a closed one's handle goes at the next turn of the event loop. */
const servers = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  return process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
};

describe("npm start's App on a temp database", () => {
  let api: BotApiStandIn;
  let temp: TempDb;
  let timers: ReturnType<typeof trackTimers> | undefined;
  beforeEach(async () => {
    api = await startBotApiStandIn();
    temp = await createTempDb();
  });
  afterEach(async () => {
    timers?.restore();
    await api.close();
    await temp.cleanup();
  });

  const build = async (env: Record<string, string> = {}) => {
    const config = parseConfig({
      TELEGRAM_BOT_TOKEN: TEST_TOKEN,
      TELEGRAM_API_ROOT: api.url,
      ALLOWED_USER_IDS: String(OWNER_ID),
      DATABASE_PATH: temp.file,
      JOURNAL_TIMEZONE: 'UTC',
      HEALTH_FILE: path.join(temp.dir, 'health.json'),
      MINI_APP_URL: 'https://journal.example.com/app',
      ...env,
    });
    const logger = createMemoryLogger();
    const deps = { config, db: temp.db, logger, clock: () => new Date(), instanceId: 'test' };
    const app = createLifecycle([databasePart(temp.db), ...telegramParts(createApp(TEST_TOKEN, deps), deps)], logger);
    return { app, logger };
  };

  it('starts every part, and once stopped leaves no timer, no server and no open database', async () => {
    const serversBefore = await servers();
    timers = trackTimers();
    const { app, logger } = await build({ WEB_PORT: String(await freePort()) });
    expect(await app.start()).toBe(true);
    expect(app.running()).toEqual([
      'database',
      'telegram',
      'web routes',
      'web server',
      'handling',
      'digests',
      'reminders',
      'polling',
      'transcription',
      'media downloads',
      'health beat',
      'started',
    ]);
    expect(logger.lines.join('\n')).toContain('"event":"bot.started"');
    expect(await servers()).toBe(serversBefore + 1);
    expect(timers.live().length).toBeGreaterThan(0);
    await app.stop();
    expect(timers.live()).toEqual([]);
    expect(await servers()).toBe(serversBefore);
    await expect(temp.db.selectFrom('entry').select('id').execute()).rejects.toThrow();
  });

  it('stops what had started when the web view port is taken, and says why', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      timers = trackTimers();
      const { app } = await build({ WEB_PORT: String(port) });
      await expect(app.start()).rejects.toThrow(/EADDRINUSE/);
      expect(app.running()).toEqual([]);
      expect(timers.live()).toEqual([]);
      await expect(temp.db.selectFrom('entry').select('id').execute()).rejects.toThrow();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
