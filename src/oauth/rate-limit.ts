/**
 * A fixed-window request count per key (a grant, a client address): enough to stop one client from flooding the
 * journal, kept in memory because a limit need not survive a restart.
 */
export interface RateLimit {
  /** Counts a request for `key`; false when the key is over its limit in this window. */
  take(key: string): boolean;
  /** Seconds until the current window ends (what Retry-After says). */
  retryAfterSeconds(): number;
}

export function createRateLimit(options: { perWindow: number; windowMs: number; clock: () => Date }): RateLimit {
  let windowStart = 0;
  let counts = new Map<string, number>();
  const roll = () => {
    const now = options.clock().getTime();
    if (now - windowStart >= options.windowMs) {
      windowStart = now;
      counts = new Map();
    }
    return now;
  };
  return {
    take(key) {
      roll();
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return n <= options.perWindow;
    },
    retryAfterSeconds() {
      const now = roll();
      return Math.max(1, Math.ceil((windowStart + options.windowMs - now) / 1000));
    },
  };
}
