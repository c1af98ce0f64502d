/** Digest subscriptions and deliveries (on SQLite or PostgreSQL); the (owner, day) key is the never-twice guarantee. */
import { sql } from 'kysely';
import { dailyTimeStore, type DailyTimeSubscription } from './daily-time-store.ts';
import type { JournalDb } from '../db/journal-database.ts';
import { finishDelivery, type DeliveryOutcome } from './daily-delivery.ts';

export type DigestSubscription = DailyTimeSubscription;

export type DeliveryStatus = 'sending' | 'sent' | 'failed' | 'skipped';

export function createDigestStore(db: JournalDb) {
  return {
    ...dailyTimeStore(db, 'digest_subscription'),

    async status(ownerId: number, day: string): Promise<{ status: DeliveryStatus; attempts: number } | undefined> {
      return db
        .selectFrom('digest_delivery')
        .select(['status', 'attempts'])
        .where('owner_id', '=', ownerId)
        .where('local_day', '=', day)
        .executeTakeFirst();
    },

    /**
     * Claims the owner's digest for `day` in one statement: a first claim, or a retry of a delivery Telegram refused
     * (fewer than `maxAttempts` so far). False when another claim won, it was sent, skipped, or may have been sent.
     */
    async claim(ownerId: number, day: string, now: Date, maxAttempts: number): Promise<boolean> {
      const row = await db
        .insertInto('digest_delivery')
        .values({
          owner_id: ownerId,
          local_day: day,
          status: 'sending',
          attempts: 1,
          message_id: null,
          detail: null,
          updated_at: now.toISOString(),
        })
        .onConflict((oc) =>
          oc
            .columns(['owner_id', 'local_day'])
            .doUpdateSet({
              status: 'sending',
              attempts: sql`digest_delivery.attempts + 1`,
              updated_at: now.toISOString(),
            })
            .where('digest_delivery.status', '=', 'failed')
            .where('digest_delivery.attempts', '<', maxAttempts),
        )
        .returning('attempts')
        .executeTakeFirst();
      return row !== undefined;
    },

    finish: (
      ownerId: number,
      day: string,
      outcome: DeliveryOutcome & { status: 'sent' | 'failed' },
      now: Date,
    ): Promise<void> => finishDelivery(db, 'digest_delivery', { ownerId, day, outcome, now }),

    /** Records a day whose digest was too late to send; false if that day was claimed already. */
    async skip(ownerId: number, day: string, detail: string, now: Date): Promise<boolean> {
      const result = await db
        .insertInto('digest_delivery')
        .values({
          owner_id: ownerId,
          local_day: day,
          status: 'skipped',
          attempts: 0,
          message_id: null,
          detail,
          updated_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(['owner_id', 'local_day']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type DigestStore = ReturnType<typeof createDigestStore>;
