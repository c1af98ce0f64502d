/**
 * The durable intake: updates are stored before Telegram is told they arrived, then handled from the store, one at a
 * time per chat (so an edit never overtakes its message) and concurrently across chats. A row is marked done only
 * after its handler finished, so a crash or a stop leaves it pending and it is handled again.
 *
 * Several instances may share the store. Each chat is a lane that one instance at a time holds under a lease
 * (`holder`, renewed while it works): the holder handles the chat's pending updates in arrival order, whichever
 * instance received them. When a lane runs dry it is let go. An instance that dies stops renewing, and once its leases
 * run out the others' periodic sweep takes its chats over; a restart under the same holder name takes them back at once.
 */
import type { Update } from 'grammy/types';
import { errorMessage, type Logger } from '../logger.ts';
import type { LeaseTimings } from './leases.ts';

export interface InboxUpdate {
  updateId: number;
  chatKey: string;
  /** The raw update, JSON. */
  payload: string;
}

/** Where the inbox and its lanes' leases live (db/inbox-store.ts). */
export interface InboxStore {
  add(updates: readonly InboxUpdate[], now: Date): Promise<number>;
  pendingIn(chatKey: string, limit: number): Promise<(InboxUpdate & { seq: number })[]>;
  lanesWithWork(holder: string, now: Date, limit: number): Promise<string[]>;
  claimLane(chatKey: string, holder: string, now: Date, until: Date): Promise<boolean>;
  renewLanes(holder: string, until: Date): Promise<string[]>;
  releaseLane(chatKey: string, holder: string): Promise<void>;
  releaseAll(holder: string): Promise<void>;
  markDone(seq: number, now: Date): Promise<void>;
  prune(now: Date): Promise<void>;
}

export interface UpdateInbox {
  /** Stores the updates in one transaction and wakes the handler; resolves once they are safe on disk. */
  accept(updates: readonly Update[]): Promise<void>;
  /** Starts handling, the rows a previous run left pending first. */
  start(): Promise<void>;
  /** Takes no new rows and waits for the ones in hand, up to `timeoutMs`; true when all of them finished. */
  stop(timeoutMs: number): Promise<boolean>;
  /** Resolves once nothing is waiting or in hand. */
  idle(): Promise<void>;
}

export interface UpdateInboxDeps {
  store: InboxStore;
  /** Handles one update (the bot's middleware); must be safe to run again for an update it already handled. */
  handle(update: Update): Promise<void>;
  logger: Logger;
  clock: () => Date;
  /** This instance's name in leases. */
  holder: string;
  leases: LeaseTimings;
  /** Chats handled at once by this instance; more wait for the next sweep. */
  maxLanes?: number;
}

/** Rows a lane reads per query. */
const PAGE = 100;
const MAX_LANES = 200;

/** The chat an update belongs to; updates without one are keyed by their user, else share one lane. */
export function chatKeyOf(update: Update): string {
  for (const part of Object.values(update) as unknown[]) {
    if (part && typeof part === 'object') {
      const value = part as { chat?: { id?: unknown }; message?: { chat?: { id?: unknown } }; from?: { id?: unknown } };
      const chat = value.chat ?? value.message?.chat;
      if (chat && typeof chat.id === 'number') return `chat:${chat.id}`;
      if (value.from && typeof value.from.id === 'number') return `user:${value.from.id}`;
    }
  }
  return 'none';
}

/** A lane this instance works on; `claimed` while its lease row is known to be ours. */
interface Lane {
  done: Promise<void>;
  claimed: boolean;
  lost: boolean;
}

export function createUpdateInbox(deps: UpdateInboxDeps): UpdateInbox {
  const { store, logger, holder, leases } = deps;
  const maxLanes = deps.maxLanes ?? MAX_LANES;
  const lanes = new Map<string, Lane>();
  /** Lanes that got new rows while this instance was working them: they are read once more before being let go. */
  const poked = new Set<string>();
  let running = false;
  let starved = false;
  let sweeping: Promise<void> | null = null;
  let timers: NodeJS.Timeout[] = [];
  const until = () => new Date(deps.clock().getTime() + leases.leaseMs);

  const handleRow = async (row: InboxUpdate & { seq: number }) => {
    try {
      await deps.handle(JSON.parse(row.payload) as Update);
    } catch (error) {
      // The error boundary answers the user; what escapes it is logged, and the row still counts as handled so one
      // bad update cannot block its chat forever.
      logger.error('update.unhandled', { update_id: row.updateId, error: errorMessage(error) });
    }
    try {
      await store.markDone(row.seq, deps.clock());
    } catch (error) {
      logger.error('inbox.mark_failed', { update_id: row.updateId, error: errorMessage(error) });
    }
  };

  /** Handles the chat's pending rows in order while the lane is ours; lets it go when dry. Returns when done. */
  const work = async (chatKey: string, lane: Lane) => {
    lane.claimed = await store.claimLane(chatKey, holder, deps.clock(), until());
    while (lane.claimed && running && !lane.lost) {
      poked.delete(chatKey);
      const rows = await store.pendingIn(chatKey, PAGE);
      for (const row of rows) {
        if (!running || lane.lost) return; // stopping or taken over: the rest stays pending for the lane's holder
        await handleRow(row);
      }
      if (rows.length > 0) continue;
      lane.claimed = false;
      await store.releaseLane(chatKey, holder);
      // A row stored after the read above, while its instance saw the lane held, is ours to handle: read once more.
      if (!running || (!poked.has(chatKey) && (await store.pendingIn(chatKey, 1)).length === 0)) return;
      lane.claimed = await store.claimLane(chatKey, holder, deps.clock(), until());
    }
  };

  const openLane = (chatKey: string) => {
    if (!running) return;
    if (lanes.has(chatKey)) return void poked.add(chatKey);
    if (lanes.size >= maxLanes) return void (starved = true);
    const lane: Lane = { done: Promise.resolve(), claimed: false, lost: false };
    lanes.set(chatKey, lane);
    lane.done = work(chatKey, lane)
      .catch((error) => logger.error('inbox.lane_failed', { chat_key: chatKey, error: errorMessage(error) }))
      .finally(() => {
        if (lanes.get(chatKey) === lane) lanes.delete(chatKey);
        // A row poked in after the lane's last look, or chats left waiting for a free lane: look again.
        if (poked.delete(chatKey)) openLane(chatKey);
        if (starved && lanes.size < maxLanes / 2) sweep();
      });
  };

  /** Opens a lane for every chat with pending rows that nobody else holds (a dead instance's, once expired). */
  const sweep = () => {
    if (!running || sweeping) return;
    starved = false;
    sweeping = store
      .lanesWithWork(holder, deps.clock(), maxLanes)
      .then((keys) => keys.forEach(openLane))
      .catch((error) => logger.error('inbox.read_failed', { error: errorMessage(error) }))
      .finally(() => (sweeping = null));
  };

  const renew = async () => {
    const mine = lanes.size === 0 ? [] : await store.renewLanes(holder, until());
    const held = new Set(mine);
    for (const [chatKey, lane] of lanes) {
      if (lane.claimed && !held.has(chatKey) && !lane.lost) {
        lane.lost = true;
        logger.error('inbox.lease_lost', { chat_key: chatKey, hint: 'another instance took the chat over; this one stops after the update in hand' });
      }
    }
  };

  return {
    async accept(updates) {
      const rows = updates.map((u) => ({ updateId: u.update_id, chatKey: chatKeyOf(u), payload: JSON.stringify(u) }));
      const added = await store.add(rows, deps.clock());
      if (added < rows.length) logger.info('inbox.redelivered', { updates: rows.length, already_stored: rows.length - added });
      for (const chatKey of new Set(rows.map((r) => r.chatKey))) openLane(chatKey);
    },

    async start() {
      running = true;
      // What an earlier run under this name held is ours again now, not after its leases run out.
      await store.releaseAll(holder);
      void store.prune(deps.clock()).catch((error) => logger.error('inbox.prune_failed', { error: errorMessage(error) }));
      const every = (ms: number, fn: () => unknown) => timers.push(setInterval(fn, ms).unref());
      every(leases.renewEveryMs, () => renew().catch((error) => logger.error('inbox.renew_failed', { error: errorMessage(error) })));
      every(leases.sweepEveryMs, sweep);
      sweep();
    },

    async stop(timeoutMs) {
      running = false;
      timers.forEach(clearInterval);
      timers = [];
      await sweeping;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const settled = await Promise.race([Promise.all([...lanes.values()].map((l) => l.done)).then(() => true as const), timedOut]);
      clearTimeout(timer);
      // Nothing in hand: the other instances may take these chats at once. Otherwise the leases run out first.
      if (settled) await store.releaseAll(holder).catch((error) => logger.error('inbox.release_failed', { error: errorMessage(error) }));
      return settled;
    },

    async idle() {
      while (sweeping || lanes.size > 0) await Promise.all([sweeping, ...[...lanes.values()].map((l) => l.done)]);
    },
  };
}
