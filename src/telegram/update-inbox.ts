/**
 * The durable intake: updates are stored before Telegram is told they arrived, then handled from the store, one at a
 * time per chat (so an edit never overtakes its message) and concurrently across chats. A row is marked done only
 * after its handler finished, so a crash or a stop leaves it pending and the next start handles it first.
 */
import type { Update } from 'grammy/types';
import { errorMessage, type Logger } from '../logger.ts';
import { createLanes } from './lanes.ts';

export interface InboxUpdate {
  updateId: number;
  chatKey: string;
  /** The raw update, JSON. */
  payload: string;
}

/** Where the inbox lives (db/inbox-store.ts). */
export interface InboxStore {
  add(updates: readonly InboxUpdate[], now: Date): Promise<number>;
  pending(afterSeq: number, limit: number): Promise<(InboxUpdate & { seq: number })[]>;
  markDone(seq: number, now: Date): Promise<void>;
  prune(now: Date): Promise<void>;
}

export interface UpdateInbox {
  /** Stores the updates in one transaction and wakes the handler; resolves once they are safe on disk. */
  accept(updates: readonly Update[]): Promise<void>;
  /** Starts handling, the rows a previous run left pending first. */
  start(): void;
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
}

/** Rows read per query, and how many may wait in memory before reading stops until some are done. */
const PAGE = 500;
const MAX_IN_HAND = 2000;

/** The chat an update belongs to; updates without one are keyed by their user, else share one lane. */
export function chatKeyOf(update: Update): string {
  const u = update as Record<string, any>;
  for (const value of Object.values(u)) {
    if (value && typeof value === 'object') {
      const chat = value.chat ?? value.message?.chat;
      if (chat && typeof chat.id === 'number') return `chat:${chat.id}`;
      if (value.from && typeof value.from.id === 'number') return `user:${value.from.id}`;
    }
  }
  return 'none';
}

export function createUpdateInbox(deps: UpdateInboxDeps): UpdateInbox {
  const { store, logger } = deps;
  let running = false;
  let lastSeq = 0;
  let draining: Promise<void> | null = null;
  let wakeAgain = false;
  // Reading stops at the cap; when half of the rows in hand are done there may be more waiting.
  const lanes = createLanes(() => lanes.size() === MAX_IN_HAND / 2 && wake());

  const handleRow = async (row: InboxUpdate & { seq: number }) => {
    if (!running) return; // stopping: the row stays pending for the next start
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

  const drain = async () => {
    while (running && lanes.size() < MAX_IN_HAND) {
      const rows = await store.pending(lastSeq, PAGE);
      for (const row of rows) {
        lastSeq = row.seq;
        void lanes.run(row.chatKey, () => handleRow(row));
      }
      if (rows.length < PAGE) return;
    }
  };

  const wake = () => {
    if (!running) return;
    if (draining) {
      wakeAgain = true;
      return;
    }
    draining = (async () => {
      try {
        do {
          wakeAgain = false;
          await drain();
        } while (wakeAgain && running);
      } catch (error) {
        logger.error('inbox.read_failed', { error: errorMessage(error) });
      } finally {
        draining = null;
      }
    })();
  };

  return {
    async accept(updates) {
      const rows = updates.map((u) => ({ updateId: u.update_id, chatKey: chatKeyOf(u), payload: JSON.stringify(u) }));
      const added = await store.add(rows, deps.clock());
      if (added < rows.length) logger.info('inbox.redelivered', { updates: rows.length, already_stored: rows.length - added });
      wake();
    },

    start() {
      running = true;
      void store.prune(deps.clock()).catch((error) => logger.error('inbox.prune_failed', { error: errorMessage(error) }));
      wake();
    },

    async stop(timeoutMs) {
      running = false;
      await draining;
      return lanes.settle(timeoutMs);
    },

    async idle() {
      while (draining || lanes.size() > 0) await Promise.all([draining, lanes.idle()]);
    },
  };
}
