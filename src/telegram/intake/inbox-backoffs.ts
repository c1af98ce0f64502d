/**
 * The update inbox's back-offs: how long a failed update waits before its next try (1 s doubling up to 5 minutes),
 * as this instance knows it and as the store recorded it. The memory matters when the store cannot record a failure
 * (a full disk): the chat still waits instead of spinning.
 */
import type { PendingUpdate } from './inbox-store-port.ts';

export interface RetryTimings {
  /** The first back-off; it doubles with each failed try. */
  firstMs: number;
  maxMs: number;
}

const DEFAULT_RETRY: RetryTimings = { firstMs: 1000, maxMs: 5 * 60_000 };

/**
 * A failure's back-off as this instance knows it (`until` on the monotonic clock, so it passes however the app's
 * clock is set); `recorded` once the store holds it too.
 */
interface Backoff {
  attempts: number;
  until: number;
  recorded: boolean;
}

export interface InboxBackoffs {
  /** A failed try: its wait, the instant to record in the store, and `recorded` to call once the store holds it. */
  failed(seq: number, attempts: number): { waitMs: number; nextAttemptAt: Date; recorded(): void };
  /** Handled but not marked done (the store failed): tried again after the first back-off, not at once. */
  handledUnrecorded(seq: number, attempts: number): void;
  /** Done with (handled or parked). */
  forget(seq: number): void;
  /**
   * How long the row waits before its next try, and how often it was tried: this instance's own back-off when it
   * tried the row, else the one the store recorded (a try by an earlier run or another instance).
   */
  waitFor(row: PendingUpdate): { waitMs: number; attempts: number };
}

export function createInboxBackoffs(retry: RetryTimings = DEFAULT_RETRY, clock: () => Date): InboxBackoffs {
  const known = new Map<number, Backoff>();
  return {
    failed(seq, attempts) {
      const waitMs = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.min(attempts - 1, 30));
      const backoff: Backoff = { attempts, until: performance.now() + waitMs, recorded: false };
      known.set(seq, backoff);
      return {
        waitMs,
        nextAttemptAt: new Date(clock().getTime() + waitMs),
        recorded: () => void (backoff.recorded = true),
      };
    },
    handledUnrecorded(seq, attempts) {
      known.set(seq, { attempts, until: performance.now() + retry.firstMs, recorded: false });
    },
    forget(seq) {
      known.delete(seq);
    },
    waitFor(row) {
      let memory = known.get(row.seq);
      // Recorded and then reset by `inbox retry` (attempts back to 0): the store is right.
      if (memory?.recorded && row.attempts < memory.attempts) {
        known.delete(row.seq);
        memory = undefined;
      }
      const attempts = Math.max(row.attempts, memory?.attempts ?? 0);
      if (memory) return { waitMs: memory.until - performance.now(), attempts };
      return {
        waitMs: row.nextAttemptAt ? Math.min(retry.maxMs, row.nextAttemptAt.getTime() - clock().getTime()) : 0,
        attempts,
      };
    },
  };
}
