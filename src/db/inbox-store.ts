/**
 * The home of the update inbox (structurally a telegram/ InboxStore): raw updates, stored before they are confirmed,
 * and the leases that let several instances share them. A chat's pending updates are handled by the one instance that
 * holds the chat's lane (`inbox_lease`), so its updates stay in order whichever instance received them.
 */
import type { JournalDb } from './open-database.ts';

export interface InboxUpdate {
  updateId: number;
  chatKey: string;
  /** The raw update, JSON. */
  payload: string;
}

export interface PendingUpdate extends InboxUpdate {
  seq: number;
}

/** Done rows are kept this long, so Telegram redelivering an update we handled changes nothing. */
const KEEP_DONE_MS = 24 * 60 * 60 * 1000;

export function createInboxStore(db: JournalDb) {
  return {
    /** Stores a batch in one statement (all or nothing); an update already there is left as it is. Returns how many were new. */
    async add(updates: readonly InboxUpdate[], now: Date): Promise<number> {
      if (updates.length === 0) return 0;
      const at = now.toISOString();
      const result = await db
        .insertInto('update_inbox')
        .values(updates.map((u) => ({ update_id: u.updateId, chat_key: u.chatKey, payload: u.payload, status: 'pending' as const, received_at: at, handled_at: null })))
        .onConflict((oc) => oc.column('update_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    /** The chat's pending updates in arrival order. */
    async pendingIn(chatKey: string, limit: number): Promise<PendingUpdate[]> {
      const rows = await db
        .selectFrom('update_inbox')
        .select(['seq', 'update_id', 'chat_key', 'payload'])
        .where('chat_key', '=', chatKey)
        .where('status', '=', 'pending')
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ seq: r.seq, updateId: r.update_id, chatKey: r.chat_key, payload: r.payload }));
    },

    /** Chats with pending updates that no other instance holds now, the longest waiting first. */
    async lanesWithWork(holder: string, now: Date, limit: number): Promise<string[]> {
      const at = now.toISOString();
      const rows = await db
        .selectFrom('update_inbox as u')
        .select('u.chat_key')
        .where('u.status', '=', 'pending')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('inbox_lease as l').select('l.chat_key').whereRef('l.chat_key', '=', 'u.chat_key').where('l.holder', '<>', holder).where('l.expires_at', '>=', at))),
        )
        .groupBy('u.chat_key')
        .orderBy((eb) => eb.fn.min('u.seq'))
        .limit(limit)
        .execute();
      return rows.map((r) => r.chat_key);
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
            .where((eb) => eb.or([eb('inbox_lease.expires_at', '<', now.toISOString()), eb('inbox_lease.holder', '=', holder)])),
        )
        .returning('chat_key')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Extends every lane `holder` still holds; returns them (a lane missing was taken over after its lease ran out). */
    async renewLanes(holder: string, until: Date): Promise<string[]> {
      const rows = await db.updateTable('inbox_lease').set({ expires_at: until.toISOString() }).where('holder', '=', holder).returning('chat_key').execute();
      return rows.map((r) => r.chat_key);
    },

    async releaseLane(chatKey: string, holder: string): Promise<void> {
      await db.deleteFrom('inbox_lease').where('chat_key', '=', chatKey).where('holder', '=', holder).execute();
    },

    /** Lets go of every lane `holder` holds: after a clean stop, or at start for what an earlier run of it held. */
    async releaseAll(holder: string): Promise<void> {
      await db.deleteFrom('inbox_lease').where('holder', '=', holder).execute();
    },

    async markDone(seq: number, now: Date): Promise<void> {
      await db.updateTable('update_inbox').set({ status: 'done', handled_at: now.toISOString() }).where('seq', '=', seq).execute();
    },

    /** Forgets updates handled more than a day ago, and leases that ran out that long ago (their instance is gone). */
    async prune(now: Date): Promise<void> {
      const before = new Date(now.getTime() - KEEP_DONE_MS).toISOString();
      await db.deleteFrom('update_inbox').where('status', '=', 'done').where('handled_at', '<', before).execute();
      await db.deleteFrom('inbox_lease').where('expires_at', '<', before).execute();
    },
  };
}
