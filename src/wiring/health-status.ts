/**
 * The bot's health, as Docker's HEALTHCHECK (scripts/healthcheck.mjs) reads it: every HEALTH_INTERVAL_SECONDS the bot
 * asks Telegram (getMe) and the database (SELECT 1), and writes when each last answered to HEALTH_FILE (a small JSON
 * file, replaced whole by a rename). The healthcheck calls the bot healthy while both answered within
 * `staleAfterSeconds` (three intervals): the same question in polling and webhook mode, with or without the Mini App
 * or remote MCP, since a webhook bot hears from Telegram only when someone writes, and a port that answers says
 * nothing about Telegram or the database.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { errorMessage } from '../log/error-message.ts';
import type { Logger } from '../log/logger.ts';

/** What HEALTH_FILE holds (scripts/healthcheck.mjs reads the same fields). */
export interface HealthRecord {
  pid: number;
  mode: 'polling' | 'webhook';
  writtenAt: string;
  /** When Telegram last answered, or null when it has not since the start. */
  telegramAt: string | null;
  databaseAt: string | null;
  /** Older than this, an answer no longer counts (three intervals). */
  staleAfterSeconds: number;
  /** Why the last check of each failed, for the healthcheck's message. */
  telegramProblem: string | null;
  databaseProblem: string | null;
}

export interface HealthBeatDeps {
  file: string;
  intervalSeconds: number;
  mode: HealthRecord['mode'];
  probeTelegram: (signal: AbortSignal) => Promise<unknown>;
  probeDatabase: () => Promise<unknown>;
  clock: () => Date;
  logger: Logger;
}

/**
 * Starts the checks (the first at once); `stop` ends them, gives up a check in progress and waits for it, and leaves
 * the file (the process is going away): nothing of the beat outlives its stop.
 */
export function startHealthBeat(deps: HealthBeatDeps): { stop: () => Promise<void> } {
  const record: HealthRecord = {
    pid: process.pid,
    mode: deps.mode,
    writtenAt: deps.clock().toISOString(),
    telegramAt: null,
    databaseAt: null,
    staleAfterSeconds: deps.intervalSeconds * 3,
    telegramProblem: null,
    databaseProblem: null,
  };
  // A check answers within the interval or counts as failed (a hung connection is no answer).
  const timeoutMs = Math.max(1000, Math.min(10_000, deps.intervalSeconds * 1000));
  let running = false;
  let wroteFailure = false;
  const stopping = new AbortController();
  let inFlight: Promise<void> = Promise.resolve();

  async function check(): Promise<void> {
    if (running || stopping.signal.aborted) return;
    running = true;
    try {
      const [telegram, database] = await Promise.allSettled([
        deps.probeTelegram(AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)])),
        withTimeout(deps.probeDatabase(), timeoutMs),
      ]);
      // A check given up by a stop says nothing about Telegram: the file keeps the last real answer.
      if (stopping.signal.aborted) return;
      const now = deps.clock().toISOString();
      record.telegramAt = telegram.status === 'fulfilled' ? now : record.telegramAt;
      record.telegramProblem = telegram.status === 'rejected' ? errorMessage(telegram.reason) : null;
      record.databaseAt = database.status === 'fulfilled' ? now : record.databaseAt;
      record.databaseProblem = database.status === 'rejected' ? errorMessage(database.reason) : null;
      record.writtenAt = now;
      const temporary = `${deps.file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(record)}\n`);
      renameSync(temporary, deps.file);
      wroteFailure = false;
    } catch (error) {
      // The file cannot be written (a full disk, a bad HEALTH_FILE): said once, and the healthcheck sees it go stale.
      if (!wroteFailure) deps.logger.error('health.write_failed', { file: deps.file, error: errorMessage(error) });
      wroteFailure = true;
    } finally {
      running = false;
    }
  }

  // A beat while a check is still out (a slow answer) skips; the one out is what a stop waits for.
  const beat = () => {
    if (!running) inFlight = check();
  };
  beat();
  const timer = setInterval(beat, deps.intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await inFlight;
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
