/**
 * The home of the update inbox: raw updates, stored before they are confirmed, and the leases that let several
 * instances share them. Its shape is defined once, as the InboxStore port of telegram/intake/inbox-store-port.ts: db/
 * may not import telegram/, so this adapter's type is inferred from its code, and app.ts, passing it in as the port,
 * fails to compile when the two part.
 *
 * A chat's pending updates are handled by the one instance that holds the chat's lane (`inbox_lease`), so its updates
 * stay in order whichever instance received them.
 *
 * What is kept, and for how long: a pending update keeps its raw payload until it is handled; a handled one keeps only
 * its id, for the dedupe window (a day), then goes; a parked one (it can never be handled as it stands) keeps its
 * payload until an operator replays it.
 */
import { sql, type Kysely } from 'kysely';
import type { JournalDb } from './journal-database.ts';
import type { Database } from './schema.ts';

/** A parked or retrying update, for `npm run journal -- inbox`. */
export interface TroubledUpdate {
  updateId: number;
  chatKey: string;
  status: 'pending' | 'parked';
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  receivedAt: string;
}

/**
 * Telegram promises an update_id unique for a while (ids run on, and restart at random only after a week without
 * updates): within this window an id already stored is a redelivery; after it, the same id is a new update.
 */
export const DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Serialises concurrent adds on PostgreSQL (the dedupe read and the insert must not interleave across instances). */
const ADD_LOCK_KEY = 190_001;

export function createInboxStore(db: JournalDb) {
  const windowStart = (now: Date) => new Date(now.getTime() - DEDUPE_WINDOW_MS).toISOString();
  return {
    /**
     * Stores a batch at once (all or nothing); an update whose id was received within the dedupe window is a
     * redelivery and left out. Returns how many were new.
     */
    async add(
      updates: readonly { updateId: number; chatKey: string; payload: string; priority: number }[],
      now: Date,
    ): Promise<number> {
      const seen = new Set<number>();
      const fresh = updates.filter((u) => !seen.has(u.updateId) && (seen.add(u.updateId), true));
      if (fresh.length === 0) return 0;
      // One statement: the dedupe look-up and the insert cannot interleave with another writer's (SQLite holds its
      // write lock for the statement; PostgreSQL takes an advisory lock for the transaction around it).
      const values = sql.join(
        fresh.map(
          (u) =>
            sql`(CAST(${u.updateId} AS bigint), CAST(${u.chatKey} AS text), CAST(${u.payload} AS text), CAST(${u.priority} AS integer))`,
        ),
      );
      const insert = (executor: Kysely<Database>) =>
        sql`INSERT INTO update_inbox (update_id, chat_key, payload, status, received_at, priority)
          SELECT v.column1, v.column2, v.column3, 'pending', ${now.toISOString()}, v.column4 FROM (VALUES ${values}) AS v
          WHERE NOT EXISTS (SELECT 1 FROM update_inbox u WHERE u.update_id = v.column1 AND u.received_at >= ${windowStart(now)})`.execute(
          executor,
        );
      // Confirmed means on disk: this commit precedes telling Telegram (the next getUpdates offset, the webhook's
      // 200), so it is synced even where other commits are not (SQLite's synchronous = NORMAL): FULL for this one.
      // PostgreSQL commits are durable already.
      const result = await db.store.writeAloneDurably(db, ADD_LOCK_KEY, insert);
      return Number(result.numAffectedRows ?? 0n);
    },

    /** The chat's pending updates in arrival order (a row waiting for its next try included: it goes first). */
    async pendingIn(chatKey: string, limit: number) {
      const rows = await db
        .selectFrom('update_inbox')
        .select(['seq', 'update_id', 'chat_key', 'payload', 'attempts', 'next_attempt_at'])
        .where('chat_key', '=', chatKey)
        .where('status', '=', 'pending')
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        seq: Number(r.seq),
        updateId: Number(r.update_id),
        chatKey: r.chat_key,
        payload: r.payload ?? '{}',
        attempts: r.attempts,
        nextAttemptAt: r.next_attempt_at === null ? null : new Date(r.next_attempt_at),
      }));
    },

    /** Chats with pending updates that no other instance holds now: owners' first, then the longest waiting. */
    async lanesWithWork(holder: string, now: Date, limit: number) {
      const at = now.toISOString();
      const rows = await db
        .selectFrom('update_inbox as u')
        .select((eb) => ['u.chat_key', eb.fn.min('u.priority').as('priority')])
        .where('u.status', '=', 'pending')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('inbox_lease as l')
                .select('l.chat_key')
                .whereRef('l.chat_key', '=', 'u.chat_key')
                .where('l.holder', '<>', holder)
                .where('l.expires_at', '>=', at),
            ),
          ),
        )
        .groupBy('u.chat_key')
        .orderBy((eb) => eb.fn.min('u.priority'))
        .orderBy((eb) => eb.fn.min('u.seq'))
        .limit(limit)
        .execute();
      return rows.map((r) => ({ chatKey: r.chat_key, priority: Number(r.priority) }));
    },

    /**
     * Takes the chat's lane for `holder` until `until`, in one statement: free, expired or already its own. False when
     * another instance holds it (that instance handles the chat's updates, these included).
     */
    async claimLane(chatKey: string, holder: string, now: Date, until: Date): Promise<boolean> {
      const row = await db
        .insertInto('inbox_lease')
        .values({ chat_key: chatKey, holder, expires_at: until.toISOString() })
        .onConflict((oc) =>
          oc
            .column('chat_key')
            .doUpdateSet({ holder, expires_at: until.toISOString() })
            .where((eb) =>
              eb.or([eb('inbox_lease.expires_at', '<', now.toISOString()), eb('inbox_lease.holder', '=', holder)]),
            ),
        )
        .returning('chat_key')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Extends every lane `holder` still holds; returns them (a lane missing was taken over after its lease ran out). */
    async renewLanes(holder: string, until: Date): Promise<string[]> {
      const rows = await db
        .updateTable('inbox_lease')
        .set({ expires_at: until.toISOString() })
        .where('holder', '=', holder)
        .returning('chat_key')
        .execute();
      return rows.map((r) => r.chat_key);
    },

    async releaseLane(chatKey: string, holder: string): Promise<void> {
      await db.deleteFrom('inbox_lease').where('chat_key', '=', chatKey).where('holder', '=', holder).execute();
    },

    /** Lets go of every lane `holder` holds: after a clean stop, or at start for what an earlier run of it held. */
    async releaseAll(holder: string): Promise<void> {
      await db.deleteFrom('inbox_lease').where('holder', '=', holder).execute();
    },

    /** Handled: the raw update goes at once; the id stays for the dedupe window. */
    async markDone(seq: number, now: Date): Promise<void> {
      await db
        .updateTable('update_inbox')
        .set({ status: 'done', handled_at: now.toISOString(), payload: null, last_error: null, next_attempt_at: null })
        .where('seq', '=', seq)
        .execute();
    },

    /** A try failed: the row stays pending, and its chat waits, until `nextAttemptAt`. */
    async markFailed(seq: number, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
      await db
        .updateTable('update_inbox')
        .set({ attempts, next_attempt_at: nextAttemptAt.toISOString(), last_error: error })
        .where('seq', '=', seq)
        .execute();
    },

    /** Can never be handled as it stands: set aside with its raw update and the reason; its chat goes on. */
    async park(seq: number, reason: string): Promise<void> {
      await db
        .updateTable('update_inbox')
        .set({ status: 'parked', last_error: reason, next_attempt_at: null })
        .where('seq', '=', seq)
        .execute();
    },

    /** Parked updates and pending ones that failed at least once, oldest first. */
    async troubled(): Promise<TroubledUpdate[]> {
      const rows = await db
        .selectFrom('update_inbox')
        .select(['update_id', 'chat_key', 'status', 'attempts', 'next_attempt_at', 'last_error', 'received_at'])
        .where((eb) =>
          eb.or([eb('status', '=', 'parked'), eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])]),
        )
        .orderBy('seq')
        .execute();
      return rows.map((r) => ({
        updateId: Number(r.update_id),
        chatKey: r.chat_key,
        status: r.status === 'parked' ? 'parked' : 'pending',
        attempts: r.attempts,
        nextAttemptAt: r.next_attempt_at,
        lastError: r.last_error,
        receivedAt: r.received_at,
      }));
    },

    /** Parked and retrying updates are due again now, their attempts reset; returns how many. */
    async retryTroubled(): Promise<number> {
      const result = await db
        .updateTable('update_inbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: null })
        .where((eb) =>
          eb.or([eb('status', '=', 'parked'), eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Forgets handled updates received before the dedupe window, and leases that ran out that long ago (their instance
     * is gone). With `scrub`, SQLite also moves the log into the file and empties it (a TRUNCATE checkpoint): old
     * page versions in the `-wal`, which secure_delete does not reach, still hold handled updates' text. It does not
     * wait for other connections' readers; what it cannot empty now is emptied at a later prune.
     */
    async prune(now: Date, scrub: boolean): Promise<number> {
      // The checkpoint first: on a full disk it is what gives room back (the -wal shrinks to nothing), while the
      // deletes below need room in the -wal themselves.
      if (scrub) await db.store.emptyLogNow(db);
      const before = windowStart(now);
      const result = await db
        .deleteFrom('update_inbox')
        .where('status', '=', 'done')
        .where('received_at', '<', before)
        .executeTakeFirst();
      await db.deleteFrom('inbox_lease').where('expires_at', '<', before).execute();
      return Number(result.numDeletedRows);
    },
  };
}

export type SqliteInboxStore = ReturnType<typeof createInboxStore>;
