/**
 * Handling one row of the update inbox: parse it, run the bot on it, mark it done.
 *
 * A failed update is retried, never dropped. When its handler fails because the store failed (locked, disk full), the
 * row stays pending with its attempts and a back-off (1 s doubling up to 5 minutes); the chat's later updates wait
 * behind it (order kept), other chats go on, and the chat gets one notice per incident (failures less than 10 minutes
 * apart). An update that can never be handled as it stands (malformed, or failing for another reason five times) is
 * parked: kept with its reason, the owners told once, its chat going on. `npm run journal -- inbox` lists them,
 * `inbox retry` replays them. When even recording a failure fails (a full disk), the back-off is kept in memory: a chat
 * never spins.
 */
import { BotError } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../../log/logger.ts';
import { errorMessage } from '../../log/error-message.ts';
import type { InboxBackoffs } from './inbox-backoffs.ts';
import type { InboxNotices } from './inbox-notices.ts';
import type { InboxStore, PendingUpdate } from './inbox-store-port.ts';
import { malformedReason, privateChatOf } from './update-triage.ts';

/** The store failing (db/storage-failure.ts): the work is retried, and the log names the cause. */
export type StorageFailureOf = (error: unknown) => { code: string; cause: string } | null;

export interface InboxRowDeps {
  store: Pick<InboxStore, 'park' | 'markFailed' | 'markDone'>;
  /** Handles one update (the bot's middleware); must be safe to run again for an update it already handled. */
  handle(update: Update): Promise<void>;
  storageFailure: StorageFailureOf;
  backoffs: InboxBackoffs;
  notices: Pick<InboxNotices, 'parked' | 'storageFailed'>;
  logger: Logger;
  clock: () => Date;
  /** A row was marked done: the next prune has handled text to scrub. */
  handled(): void;
  /** The store reported a full disk: prune now, a checkpoint may give room back at once. */
  diskFull(): void;
}

/** Handles one row; true when it is done with (handled or parked), false when it waits for another try. */
export type InboxRowHandler = (row: PendingUpdate, triedBefore: number) => Promise<boolean>;

/** A failure that is not the store's, and not a malformed update: a few tries, then it is parked. */
const OTHER_FAILURE_TRIES = 5;

export function createInboxRowHandler(deps: InboxRowDeps): InboxRowHandler {
  const { store, backoffs, notices, logger } = deps;

  const park = async (row: PendingUpdate, reason: string) => {
    logger.error('inbox.parked', {
      update_id: row.updateId,
      chat_key: row.chatKey,
      reason,
      hint: 'npm run journal -- inbox lists it; inbox retry replays it',
    });
    await store.park(row.seq, reason);
    backoffs.forget(row.seq);
    await notices.parked();
  };

  /** Records a failed try and its back-off (in memory when the store cannot take it); tells the chat once. */
  const failed = async (row: PendingUpdate, error: unknown, fault: ReturnType<StorageFailureOf>, attempts: number) => {
    const { waitMs, nextAttemptAt, recorded } = backoffs.failed(row.seq, attempts);
    const reason = fault ? `${fault.code} (${fault.cause}): ${errorMessage(error)}` : errorMessage(error);
    logger.error('inbox.retry_later', {
      update_id: row.updateId,
      chat_key: row.chatKey,
      attempt: attempts,
      retry_in_ms: waitMs,
      cause: fault?.cause ?? null,
      code: fault?.code ?? null,
      error: errorMessage(error),
    });
    try {
      await store.markFailed(row.seq, attempts, nextAttemptAt, reason);
      recorded();
    } catch (markError) {
      const markFault = deps.storageFailure(markError);
      logger.error('inbox.mark_failed', {
        update_id: row.updateId,
        cause: markFault?.cause ?? null,
        error: errorMessage(markError),
        hint: 'the back-off is kept in memory',
      });
    }
    // A full disk: a checkpoint may give room back at once (the -wal is often most of what filled it).
    if (fault?.cause === 'disk full') deps.diskFull();
    if (fault) await notices.storageFailed(row.chatKey, privateChatOf(row.chatKey), row.attempts === 0, fault.cause);
  };

  return async (row, triedBefore) => {
    const attempts = triedBefore + 1;
    let update: unknown;
    try {
      update = JSON.parse(row.payload);
    } catch {
      update = null;
    }
    const malformed = malformedReason(update);
    if (malformed) {
      await park(row, malformed);
      return true;
    }
    try {
      await deps.handle(update as Update);
    } catch (thrown) {
      const error = thrown instanceof BotError ? thrown.error : thrown;
      const fault = deps.storageFailure(error);
      if (!fault && attempts >= OTHER_FAILURE_TRIES) {
        await park(row, `failed ${attempts} times: ${errorMessage(error)}`);
        return true;
      }
      await failed(row, error, fault, attempts);
      return false;
    }
    backoffs.forget(row.seq);
    try {
      await store.markDone(row.seq, deps.clock());
      deps.handled();
    } catch (error) {
      // Handled but not recorded: it runs again later (handlers are safe to repeat), after a back-off, not at once.
      const fault = deps.storageFailure(error);
      logger.error('inbox.mark_failed', {
        update_id: row.updateId,
        cause: fault?.cause ?? null,
        error: errorMessage(error),
      });
      backoffs.handledUnrecorded(row.seq, row.attempts);
      return false;
    }
    return true;
  };
}
