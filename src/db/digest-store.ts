/** Digest subscriptions and deliveries (on SQLite or PostgreSQL); the (owner, day) key is the never-twice guarantee. */
import { sql } from 'kysely';
import type { JournalDb } from './open-database.ts';

export interface DigestSubscription {
  ownerId: number;
  chatId: number;
  /** `HH:MM`, local time in the journal's zone. */
  localTime: string;
  /** ISO instant the subscription was set; digests due before it are not sent. */
  since: string;
}

export type DeliveryStatus = 'sending' | 'sent' | 'failed' | 'skipped';

const fromRow = (r: { owner_id: number; chat_id: number; local_time: string; since: string }): DigestSubscription => ({
  ownerId: r.owner_id,
  chatId: r.chat_id,
  localTime: r.local_time,
  since: r.since,
});

export function createDigestStore(db: JournalDb) {
  return {
    /** Turns the digest on (or moves its time); the new time counts from `now`. */
    async subscribe(ownerId: number, chatId: number, localTime: string, now: Date): Promise<void> {
      const since = now.toISOString();
      await db
        .insertInto('digest_subscription')
        .values({ owner_id: ownerId, chat_id: chatId, local_time: localTime, since })
        .onConflict((oc) => oc.column('owner_id').doUpdateSet({ chat_id: chatId, local_time: localTime, since }))
        .execute();
    },

    /** True if there was a digest to turn off. */
    async unsubscribe(ownerId: number): Promise<boolean> {
      const result = await db.deleteFrom('digest_subscription').where('owner_id', '=', ownerId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async get(ownerId: number): Promise<DigestSubscription | undefined> {
      const row = await db.selectFrom('digest_subscription').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
      return row && fromRow(row);
    },

    async list(): Promise<DigestSubscription[]> {
      return (await db.selectFrom('digest_subscription').selectAll().orderBy('owner_id').execute()).map(fromRow);
    },

    async status(ownerId: number, day: string): Promise<{ status: DeliveryStatus; attempts: number } | undefined> {
      return db.selectFrom('digest_delivery').select(['status', 'attempts']).where('owner_id', '=', ownerId).where('local_day', '=', day).executeTakeFirst();
    },

    /**
     * Claims the owner's digest for `day` in one statement: a first claim, or a retry of a delivery Telegram refused
     * (fewer than `maxAttempts` so far). False when another claim won, it was sent, skipped, or may have been sent.
     */
    async claim(ownerId: number, day: string, now: Date, maxAttempts: number): Promise<boolean> {
      const row = await db
        .insertInto('digest_delivery')
        .values({ owner_id: ownerId, local_day: day, status: 'sending', attempts: 1, message_id: null, detail: null, updated_at: now.toISOString() })
        .onConflict((oc) =>
          oc
            .columns(['owner_id', 'local_day'])
            .doUpdateSet({ status: 'sending', attempts: sql`digest_delivery.attempts + 1`, updated_at: now.toISOString() })
            .where('digest_delivery.status', '=', 'failed')
            .where('digest_delivery.attempts', '<', maxAttempts),
        )
        .returning('attempts')
        .executeTakeFirst();
      return row !== undefined;
    },

    async finish(ownerId: number, day: string, outcome: { status: 'sent' | 'failed'; messageId?: number; detail?: string }, now: Date): Promise<void> {
      await db
        .updateTable('digest_delivery')
        .set({ status: outcome.status, message_id: outcome.messageId ?? null, detail: outcome.detail ?? null, updated_at: now.toISOString() })
        .where('owner_id', '=', ownerId)
        .where('local_day', '=', day)
        .execute();
    },

    /** Records a day whose digest was too late to send; false if that day was claimed already. */
    async skip(ownerId: number, day: string, detail: string, now: Date): Promise<boolean> {
      const result = await db
        .insertInto('digest_delivery')
        .values({ owner_id: ownerId, local_day: day, status: 'skipped', attempts: 0, message_id: null, detail, updated_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['owner_id', 'local_day']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type DigestStore = ReturnType<typeof createDigestStore>;
