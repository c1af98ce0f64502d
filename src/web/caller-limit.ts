/**
 * Fairness under load: each signed-in caller (a session, a Telegram user) may have at most `perCaller` requests in
 * hand at once. One more is refused at once (the caller answers 429) instead of queueing behind the rest, so one
 * tab's burst of a thousand requests costs the others a handful of queries, not a minute's wait.
 */
export interface CallerLimit {
  /** A release function when `key` may start one more request, or null when it has its share in hand. */
  take(key: string): (() => void) | null;
}

export function createCallerLimit(perCaller: number): CallerLimit {
  const inHand = new Map<string, number>();
  return {
    take(key) {
      const now = inHand.get(key) ?? 0;
      if (now >= perCaller) return null;
      inHand.set(key, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inHand.get(key) ?? 1) - 1;
        if (left <= 0) inHand.delete(key);
        else inHand.set(key, left);
      };
    },
  };
}
