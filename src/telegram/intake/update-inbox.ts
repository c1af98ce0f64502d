/**
 * The durable intake: updates are stored before Telegram is told they arrived, then handled from the store, one at a
 * time per chat (so an edit never overtakes its message) and concurrently across chats. A row is marked done only
 * after its handler finished, so a crash or a stop leaves it pending and it is handled again.
 *
 * A failed update is retried, never dropped, or parked when it can never be handled as it stands: how one row is
 * handled is inbox-row-handler.ts. The lanes below decide which rows are handled, when, and by which instance.
 *
 * Several instances may share the store. Each chat is a lane that one instance at a time holds under a lease
 * (`holder`, renewed while it works): the holder handles the chat's pending updates in arrival order, whichever
 * instance received them. When a lane runs dry it is let go. An instance that dies stops renewing, and once its leases
 * run out the others' periodic sweep takes its chats over; a restart under the same holder name takes them back at once.
 *
 * Owners' chats come first: their lanes open whatever the number of strangers' chats waiting, and a stranger's
 * update is stored without its text. A handled update keeps only its id (for the dedupe window).
 */
import type { Update } from 'grammy/types';
import type { Logger } from '../../log/logger.ts';
import { errorMessage } from '../../log/error-message.ts';
import type { LeaseTimings } from '../leases.ts';
import { createInboxBackoffs, type RetryTimings } from './inbox-backoffs.ts';
import { createInboxNotices } from './inbox-notices.ts';
import { createInboxRowHandler, type StorageFailureOf } from './inbox-row-handler.ts';
import type { InboxStore, InboxUpdate } from './inbox-store-port.ts';
import { chatKeyOf, isOwners, malformedReason, withoutText } from './update-triage.ts';

export { chatKeyOf } from './update-triage.ts';
export type { StorageFailureOf } from './inbox-row-handler.ts';

export interface UpdateInbox {
  /** Stores the updates in one transaction and wakes the handler; resolves once they are safe on disk. */
  accept(updates: readonly Update[]): Promise<void>;
  /** Starts handling, the rows a previous run left pending first. */
  start(): Promise<void>;
  /** Takes no new rows and waits for the ones in hand, up to `timeoutMs`; true when all of them finished. */
  stop(timeoutMs: number): Promise<boolean>;
  /** Resolves once nothing is waiting or in hand. */
  idle(): Promise<void>;
  /** Forgets what is no longer needed (handled ids past the dedupe window, their text in the log); runs every 10 s. */
  prune(): Promise<void>;
}

export interface UpdateInboxDeps {
  store: InboxStore;
  /** Handles one update (the bot's middleware); must be safe to run again for an update it already handled. */
  handle(update: Update): Promise<void>;
  /** Tells a chat something (a notice); a failure is logged, never retried. */
  notify(chatId: number, text: string): Promise<void>;
  storageFailure: StorageFailureOf;
  /** The owners' user ids: their chats go first; they are told about parked updates. */
  owners: readonly number[];
  logger: Logger;
  clock: () => Date;
  /** This instance's name in leases. */
  holder: string;
  leases: LeaseTimings;
  /**
   * Strangers' (and groups') chats handled at once by this instance; more wait for a free lane. Few, so that their
   * queries never queue an owner's behind them on the store. Owners' chats are never held back.
   */
  maxLanes?: number;
  retry?: RetryTimings;
  pruneEveryMs?: number;
}

export { PARKED_NOTICE, RETRY_NOTICE } from './inbox-notices.ts';

/** Rows a lane reads per query. */
const PAGE = 100;
const MAX_STRANGER_LANES = 8;
/** Chats a sweep looks at. */
const SWEEP_LIMIT = 200;
const PRUNE_EVERY_MS = 10_000;

/** A lane this instance works on; `claimed` while its lease row is known to be ours. */
interface Lane {
  priority: number;
  done: Promise<void>;
  claimed: boolean;
  lost: boolean;
}

export function createUpdateInbox(deps: UpdateInboxDeps): UpdateInbox {
  const { store, logger, holder, leases } = deps;
  const maxLanes = deps.maxLanes ?? MAX_STRANGER_LANES;
  const lanes = new Map<string, Lane>();
  /** Lanes that got new rows while this instance was working them: they are read once more before being let go. */
  const poked = new Set<string>();
  const backoffs = createInboxBackoffs(deps.retry, deps.clock);
  const notices = createInboxNotices({ notify: deps.notify, owners: deps.owners, clock: deps.clock, logger });
  let handledSincePrune = false;
  let running = false;
  let starved = false;
  let sweeping: Promise<void> | null = null;
  let timers: NodeJS.Timeout[] = [];
  /** Sleeping lanes wake on it (each sweep, and a stop) and look at their chat again. */
  let wake: { promise: Promise<void>; resolve: () => void } = newWake();
  const until = () => new Date(deps.clock().getTime() + leases.leaseMs);
  const strangerLanes = () => [...lanes.values()].filter((l) => l.priority > 0).length;

  function newWake() {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  }
  const wakeAll = () => {
    const current = wake;
    wake = newWake();
    current.resolve();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      void wake.promise.then(() => (clearTimeout(timer), resolve()));
    });

  const handleRow = createInboxRowHandler({
    store,
    handle: (update) => deps.handle(update),
    storageFailure: deps.storageFailure,
    backoffs,
    notices,
    logger,
    clock: deps.clock,
    handled: () => void (handledSincePrune = true),
    diskFull: () => {
      handledSincePrune = true;
      void prune();
    },
  });

  /** Handles the chat's pending rows in order while the lane is ours; lets it go when dry. Returns when done. */
  const work = async (chatKey: string, lane: Lane) => {
    lane.claimed = await store.claimLane(chatKey, holder, deps.clock(), until());
    while (lane.claimed && running && !lane.lost) {
      poked.delete(chatKey);
      const rows = await store.pendingIn(chatKey, PAGE);
      for (const row of rows) {
        if (!running || lane.lost) return; // stopping or taken over: the rest stays pending for the lane's holder
        const { waitMs, attempts } = backoffs.waitFor(row);
        if (waitMs > 0) {
          await sleep(waitMs); // woken early by a sweep or a stop, it looks again (an `inbox retry` shows there)
          break;
        }
        if (!(await handleRow(row, attempts))) break; // the chat's later rows wait behind this one
      }
      if (rows.length > 0) continue;
      lane.claimed = false;
      await store.releaseLane(chatKey, holder);
      // A row stored after the read above, while its instance saw the lane held, is ours to handle: read once more.
      if (!running || (!poked.has(chatKey) && (await store.pendingIn(chatKey, 1)).length === 0)) return;
      lane.claimed = await store.claimLane(chatKey, holder, deps.clock(), until());
    }
  };

  const openLane = (chatKey: string, priority: number) => {
    if (!running) return;
    if (lanes.has(chatKey)) return void poked.add(chatKey);
    // Owners' chats always get a lane: strangers' chats, however many, never hold them back.
    if (priority > 0 && strangerLanes() >= maxLanes) return void (starved = true);
    const lane: Lane = { priority, done: Promise.resolve(), claimed: false, lost: false };
    lanes.set(chatKey, lane);
    lane.done = work(chatKey, lane)
      .catch((error) =>
        logger.error('inbox.lane_failed', {
          chat_key: chatKey,
          cause: deps.storageFailure(error)?.cause ?? null,
          error: errorMessage(error),
        }),
      )
      .finally(() => {
        if (lanes.get(chatKey) === lane) lanes.delete(chatKey);
        // A row poked in after the lane's last look, or chats left waiting for a free lane: look again.
        if (poked.delete(chatKey)) openLane(chatKey, priority);
        if (starved && strangerLanes() <= maxLanes / 2) sweep();
      });
  };

  /** Opens a lane for every chat with pending rows that nobody else holds (a dead instance's, once expired). */
  const sweep = () => {
    wakeAll();
    if (!running || sweeping) return;
    starved = false;
    sweeping = store
      .lanesWithWork(holder, deps.clock(), SWEEP_LIMIT)
      .then((found) => found.forEach((l) => openLane(l.chatKey, l.priority)))
      .catch((error) =>
        logger.error('inbox.read_failed', {
          cause: deps.storageFailure(error)?.cause ?? null,
          error: errorMessage(error),
        }),
      )
      .finally(() => (sweeping = null));
  };

  const renew = async () => {
    const mine = lanes.size === 0 ? [] : await store.renewLanes(holder, until());
    const held = new Set(mine);
    for (const [chatKey, lane] of lanes) {
      if (lane.claimed && !held.has(chatKey) && !lane.lost) {
        lane.lost = true;
        logger.error('inbox.lease_lost', {
          chat_key: chatKey,
          hint: 'another instance took the chat over; this one stops after the update in hand',
        });
      }
    }
  };

  const prune = async () => {
    const scrub = handledSincePrune;
    handledSincePrune = false;
    try {
      await store.prune(deps.clock(), scrub);
    } catch (error) {
      if (scrub) handledSincePrune = true;
      logger.error('inbox.prune_failed', {
        cause: deps.storageFailure(error)?.cause ?? null,
        error: errorMessage(error),
      });
    }
  };

  return {
    async accept(updates) {
      const rows = updates.map((u): InboxUpdate => {
        const owners = isOwners(u, deps.owners);
        // A stranger's text is never stored: the access feature turns them away on who and where alone. A malformed
        // update is kept whole, for the operator who looks at why it was parked.
        const keep = owners || malformedReason(u) !== null;
        return {
          updateId: u.update_id,
          chatKey: chatKeyOf(u),
          payload: JSON.stringify(keep ? u : withoutText(u)),
          priority: owners ? 0 : 1,
        };
      });
      let added: number;
      try {
        added = await store.add(rows, deps.clock());
      } catch (error) {
        const fault = deps.storageFailure(error);
        throw fault ? new Error(`${fault.code} (${fault.cause}): ${errorMessage(error)}`, { cause: error }) : error;
      }
      if (added < rows.length)
        logger.info('inbox.redelivered', { updates: rows.length, already_stored: rows.length - added });
      const lanesToOpen = new Map<string, number>();
      for (const r of rows) lanesToOpen.set(r.chatKey, Math.min(r.priority, lanesToOpen.get(r.chatKey) ?? r.priority));
      for (const [chatKey, priority] of lanesToOpen) openLane(chatKey, priority);
    },

    async start() {
      running = true;
      // What an earlier run under this name held is ours again now, not after its leases run out.
      await store.releaseAll(holder);
      void prune();
      const every = (ms: number, fn: () => unknown) => timers.push(setInterval(fn, ms).unref());
      every(leases.renewEveryMs, () =>
        renew().catch((error) =>
          logger.error('inbox.renew_failed', {
            cause: deps.storageFailure(error)?.cause ?? null,
            error: errorMessage(error),
          }),
        ),
      );
      every(leases.sweepEveryMs, sweep);
      every(deps.pruneEveryMs ?? PRUNE_EVERY_MS, () => void prune());
      sweep();
    },

    async stop(timeoutMs) {
      running = false;
      timers.forEach(clearInterval);
      timers = [];
      wakeAll();
      await sweeping;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const settled = await Promise.race([
        Promise.all([...lanes.values()].map((l) => l.done)).then(() => true as const),
        timedOut,
      ]);
      clearTimeout(timer);
      // Nothing in hand: the other instances may take these chats at once. Otherwise the leases run out first.
      if (settled)
        await store
          .releaseAll(holder)
          .catch((error) => logger.error('inbox.release_failed', { error: errorMessage(error) }));
      return settled;
    },

    async idle() {
      while (sweeping || lanes.size > 0) await Promise.all([sweeping, ...[...lanes.values()].map((l) => l.done)]);
    },

    prune,
  };
}
