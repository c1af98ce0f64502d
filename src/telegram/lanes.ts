/** Work keyed by chat: one task at a time per key, in the order given, and any number of keys at once. */
export interface Lanes {
  /** Runs `task` after the tasks already given for `key`; resolves when it has run (it must not throw). */
  run(key: string, task: () => Promise<void>): Promise<void>;
  /** How many tasks are waiting or running. */
  size(): number;
  /** Resolves once every task given so far (and any they add) has run. */
  idle(): Promise<void>;
  /** Resolves with true once idle, or false after `timeoutMs`. */
  settle(timeoutMs: number): Promise<boolean>;
}

export function createLanes(onSettled: () => void = () => undefined): Lanes {
  const tails = new Map<string, Promise<void>>();
  const inHand = new Set<Promise<void>>();
  const lanes: Lanes = {
    run(key, task) {
      const next = (tails.get(key) ?? Promise.resolve()).then(task);
      tails.set(key, next);
      inHand.add(next);
      void next.finally(() => {
        if (tails.get(key) === next) tails.delete(key);
        inHand.delete(next);
        onSettled();
      });
      return next;
    },
    size: () => inHand.size,
    async idle() {
      while (inHand.size > 0) await Promise.all(inHand);
    },
    async settle(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const result = await Promise.race([lanes.idle().then(() => true as const), timedOut]);
      clearTimeout(timer);
      return result;
    },
  };
  return lanes;
}
