/**
 * What the update inbox needs of its store (implemented by db/inbox-store.ts, which matches it structurally: telegram/
 * may not import db/, so the shapes are written on both sides and app.ts's wiring checks they agree).
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
  attempts: number;
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
