/**
 * What the update inbox needs of its store: the one definition of its shape. db/inbox-store.ts implements it without
 * restating it (telegram/ and db/ may not import each other, so the adapter's type is inferred from its code) and
 * app.ts, passing the adapter in as this port, fails to compile when the two part.
 */
export interface InboxUpdate {
  updateId: number;
  chatKey: string;
  /** The raw update, JSON. */
  payload: string;
  /** 0: an owner's private chat (handled first); 1: anyone else's. */
  priority: number;
}

export interface PendingUpdate {
  seq: number;
  updateId: number;
  chatKey: string;
  payload: string;
  /** Failed tries so far. */
  attempts: number;
  /** Not to be tried again before this instant. */
  nextAttemptAt: Date | null;
}

/** Where the inbox and its lanes' leases live (db/inbox-store.ts). */
export interface InboxStore {
  add(updates: readonly InboxUpdate[], now: Date): Promise<number>;
  pendingIn(chatKey: string, limit: number): Promise<PendingUpdate[]>;
  lanesWithWork(holder: string, now: Date, limit: number): Promise<{ chatKey: string; priority: number }[]>;
  claimLane(chatKey: string, holder: string, now: Date, until: Date): Promise<boolean>;
  renewLanes(holder: string, until: Date): Promise<string[]>;
  releaseLane(chatKey: string, holder: string): Promise<void>;
  releaseAll(holder: string): Promise<void>;
  markDone(seq: number, now: Date): Promise<void>;
  markFailed(seq: number, attempts: number, nextAttemptAt: Date, error: string): Promise<void>;
  park(seq: number, reason: string): Promise<void>;
  prune(now: Date, scrub: boolean): Promise<number>;
}
