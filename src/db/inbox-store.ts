/** The SQLite home of the update inbox (structurally a telegram/ InboxStore): raw updates, stored before they are confirmed. */
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

export function createSqliteInboxStore(db: JournalDb) {
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

    /** Pending updates after `afterSeq`, in arrival order. */
    async pending(afterSeq: number, limit: number): Promise<PendingUpdate[]> {
      const rows = await db
        .selectFrom('update_inbox')
        .select(['seq', 'update_id', 'chat_key', 'payload'])
        .where('status', '=', 'pending')
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ seq: r.seq, updateId: r.update_id, chatKey: r.chat_key, payload: r.payload }));
    },

    async markDone(seq: number, now: Date): Promise<void> {
      await db.updateTable('update_inbox').set({ status: 'done', handled_at: now.toISOString() }).where('seq', '=', seq).execute();
    },

    /** Forgets updates handled more than a day ago. */
    async prune(now: Date): Promise<void> {
      const before = new Date(now.getTime() - KEEP_DONE_MS).toISOString();
      await db.deleteFrom('update_inbox').where('status', '=', 'done').where('handled_at', '<', before).execute();
    },
  };
}
