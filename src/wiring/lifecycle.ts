/**
 * Start and stop for a running app, in one place: its parts (a database, a server, a scheduler, a worker) start one
 * after another, each handing back how it stops, and stop in the reverse order, so nothing outlives what it uses.
 * A part that fails to start stops the ones before it; a stop during the start (a signal while Telegram is still
 * being reached) aborts the part in progress and stops what had started. Stopping twice stops once.
 */
import type { JournalDb } from '../db/journal-database.ts';
import { errorMessage } from '../log/error-message.ts';
import type { Logger } from '../log/logger.ts';

/** How a started part stops; nothing to do is fine. */
export type StopPart = () => unknown;

export interface Part {
  /** Its name in the log when its stop fails, and in `started`. */
  name: string;
  /** Starts it and says how it stops. `signal` aborts when a stop comes during the start: give up then. */
  start(signal: AbortSignal): Promise<StopPart | void> | StopPart | void;
}

export interface Lifecycle {
  /** Starts every part in order. False when a stop came first (nothing is left running); throws what a part threw. */
  start(): Promise<boolean>;
  /** Stops the started parts in reverse order, each once; a later call waits for the first. */
  stop(): Promise<void>;
  /** The parts running now, in start order. */
  running(): string[];
}

export function createLifecycle(parts: readonly Part[], logger: Logger): Lifecycle {
  const started: { name: string; stop: StopPart }[] = [];
  const aborting = new AbortController();
  let starting: Promise<unknown> = Promise.resolve();
  let stopping: Promise<void> | null = null;
  let begun = false;

  const stopStarted = async () => {
    for (const part of started.splice(0).reverse()) {
      try {
        await part.stop();
      } catch (error) {
        // The rest still stop: one part's fault must not leave the others running.
        logger.error('app.stop_failed', { part: part.name, error: errorMessage(error) });
      }
    }
  };

  const startAll = async (): Promise<boolean> => {
    for (const part of parts) {
      if (aborting.signal.aborted) return false;
      let stop: StopPart | void;
      try {
        stop = await part.start(aborting.signal);
      } catch (error) {
        if (aborting.signal.aborted) return false;
        await stopStarted();
        throw error;
      }
      started.push({ name: part.name, stop: stop ?? (() => undefined) });
    }
    return !aborting.signal.aborted;
  };

  return {
    start() {
      if (begun) throw new Error('this app was started already: build a new one');
      begun = true;
      const run = startAll();
      starting = run.catch(() => undefined);
      return run;
    },
    stop() {
      stopping ??= (async () => {
        aborting.abort();
        await starting;
        await stopStarted();
      })();
      return stopping;
    },
    running: () => started.map((part) => part.name),
  };
}

/** The database: opened before the App is built, so it is the first part and the last to stop. */
export function databasePart(db: JournalDb): Part {
  return { name: 'database', start: () => () => db.destroy() };
}

/** Something the entry point opened before composing (a stand-in, a stdio server): the App closes it at the end. */
export function openedPart(name: string, close: () => unknown): Part {
  return { name, start: () => close };
}
