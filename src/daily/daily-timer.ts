/**
 * The timer under the daily digest and the daily reminder: it only decides when to look. What goes out is decided by
 * the caller's claim on (owner, day) in the database, so a restart, a second process or an early wake never sends a
 * day twice. One sleep to the next due time (at most maxSleepMs) behaves the same across DST changes, because the due
 * instants come from the journal's date layer, not from a wall clock ticking.
 */

export interface DailyTimer {
  /** One look over every owner, after any look in progress. Safe to call at any time. */
  tick(): Promise<void>;
  /** Looks once now (a day missed while down is the look's to judge), then whenever the next one is due. */
  start(): void;
  /** Looks again now and re-arms the timer (after a changed time or a snooze). */
  wake(): void;
  /** Stops the timer and waits for a look in progress. */
  stop(): Promise<void>;
}

export interface DailyTimerDeps {
  /** One pass over every owner: sends what is due now and not yet claimed. */
  look: () => Promise<void>;
  /** The instants (ms since the epoch) something may be due next; the timer sleeps until the earliest. */
  dueTimes: (now: Date) => Promise<number[]>;
  clock: () => Date;
  /** Longest sleep between looks, so a changed clock, a snooze or a missed timer costs at most this. */
  maxSleepMs: number;
  /** A look or its sleep failed; the timer tries again after maxSleepMs. */
  lookFailed: (error: unknown) => void;
}

export function createDailyTimer(deps: DailyTimerDeps): DailyTimer {
  const { look, dueTimes, clock, maxSleepMs, lookFailed } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let inFlight: Promise<void> = Promise.resolve();

  // Looks never overlap, so two looks cannot race for the same claim from one process either.
  const tick = () => (inFlight = inFlight.then(look, look));

  const sleepMs = async () => {
    const now = clock();
    const dues = await dueTimes(now);
    return Math.max(0, Math.min(maxSleepMs, ...dues.map((due) => due - now.getTime())));
  };

  // Each arm starts a new loop and retires the one before: a loop whose look was in progress when wake() came finishes
  // that look, then sees it is no longer the current loop and does not re-arm (else every such wake adds a loop).
  let generation = 0;
  const arm = () => {
    if (!running) return;
    clearTimeout(timer);
    const mine = (generation += 1);
    const current = () => running && mine === generation;
    const look = async () => {
      try {
        await tick();
        const ms = await sleepMs();
        if (current()) timer = setTimeout(lookThenSleep, ms);
      } catch (error) {
        lookFailed(error);
        if (current()) timer = setTimeout(lookThenSleep, maxSleepMs);
      }
    };
    // setTimeout drops a callback's promise; look() catches its own faults and hands them to lookFailed.
    const lookThenSleep = () => void look();
    timer = setTimeout(lookThenSleep, 0);
  };

  return {
    tick,
    start() {
      running = true;
      arm();
    },
    wake: arm,
    async stop() {
      running = false;
      clearTimeout(timer);
      await inFlight.catch(() => undefined);
    },
  };
}
