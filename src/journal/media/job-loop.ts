/**
 * The one loop behind the background workers that run queued jobs (media downloads, transcriptions): list what is
 * due, claim each job before working on it (so instances sharing a database run it once), run it, and on a failure
 * let the worker give up or postpone. Runs queue behind one another, so a job is never run twice at once; a timer
 * runs the loop again for the retries, and a worker may ask for a wake-up sooner (its earliest retry).
 */
import { errorReason } from '../../log/error-message.ts';
import { HOUR_MS } from '../dates/durations.ts';

/**
 * The pause before a job's next attempt, the workers' one back-off: `firstMs`, then twice that, … up to 6 hours; a
 * passing fault never drops a job (media downloads start at 5 s, transcriptions at a minute).
 */
export const retryBackoffMs = (attempts: number, firstMs: number): number =>
  Math.min(firstMs * 2 ** Math.max(0, attempts - 1), 6 * HOUR_MS);

/** The slice of the app's logger the workers write to (one JSON line per event). */
export interface WorkerLogger {
  info(event: string, fields: Record<string, string | number | boolean | null>): void;
  error(event: string, fields: Record<string, string | number | boolean | null>): void;
}

/** What a failed attempt came to: dropped for good, or due again later. */
export type FailedOutcome = 'given_up' | 'postponed';

/** Asks for a run at `at`; `before` (when given) runs first, and a wake-up with it replaces one without. */
export type WakeAt = (at: Date, before?: () => Promise<unknown>) => void;

export interface JobLoopDeps<Job> {
  clock: () => Date;
  logger: WorkerLogger;
  /** Logged when a whole run fails (the list or a claim could not be read). */
  runFailedEvent: string;
  jobsPerRun: number;
  /** How long a claim holds: longer than one job takes; a job held longer may be taken by another instance. */
  claimMs: number;
  intervalMs: number;
  due(now: Date, limit: number): Promise<Job[]>;
  /** False when another instance took the job since the list was read: theirs. */
  claim(job: Job, until: Date): Promise<boolean>;
  /** Does the job and logs it; throws when it failed. */
  work(job: Job): Promise<void>;
  /** After work threw: gives the job up or postpones it, and logs which. */
  failed(job: Job, error: unknown, wakeAt: WakeAt): Promise<FailedOutcome>;
  /** At start, before the first run: hands back what this instance held before a stop. */
  resume?(): Promise<void>;
}

export interface JobLoop {
  runDue(): Promise<{ done: number; postponed: number }>;
  kick(): void;
  start(): Promise<void>;
  /** Stops the timers and waits for the run in hand. */
  stop(): Promise<void>;
}

/** Fallback pause before trying a wake-up's `before` again when it failed (a full disk, say). */
const WAKE_AGAIN_MS = 5_000;

export function createJobLoop<Job>(deps: JobLoopDeps<Job>): JobLoop {
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  /** A wake-up at the earliest retry, sooner than the next round of the timer. */
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  const runOnce = async () => {
    let done = 0;
    let postponed = 0;
    for (const job of await deps.due(deps.clock(), deps.jobsPerRun)) {
      if (stopped) break;
      if (!(await deps.claim(job, new Date(deps.clock().getTime() + deps.claimMs)))) continue;
      try {
        await deps.work(job);
        done += 1;
      } catch (error) {
        if ((await deps.failed(job, error, wakeAt)) === 'postponed') postponed += 1;
      }
    }
    return { done, postponed };
  };

  const wakeAt: WakeAt = (at, before) => {
    if (stopped || (retry && !before)) return;
    if (retry) clearTimeout(retry);
    retry = setTimeout(
      () => {
        retry = null;
        const ready = before ? before() : Promise.resolve();
        void ready.then(() => runDue()).catch(() => wakeAt(new Date(deps.clock().getTime() + WAKE_AGAIN_MS), before));
      },
      Math.max(0, at.getTime() - deps.clock().getTime()),
    );
    retry.unref();
  };

  const runDue = () => {
    const run = chain.then(runOnce);
    chain = run.catch((error) => deps.logger.error(deps.runFailedEvent, { error: errorReason(error) }));
    return run;
  };

  return {
    runDue,
    kick: () => void runDue().catch(() => undefined),
    async start() {
      stopped = false;
      // No await without a resume: then the timer is set before start returns, as a synchronous start would.
      if (deps.resume) await deps.resume();
      timer = setInterval(() => void runDue().catch(() => undefined), deps.intervalMs);
      timer.unref();
      void runDue().catch(() => undefined);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
      timer = null;
      retry = null;
      await chain.catch(() => undefined);
    },
  };
}
