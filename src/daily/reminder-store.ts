/**
 * Daily reminders to write (on SQLite or PostgreSQL): who asked for one and at what local time, and one row per owner
 * and journal day ever claimed. The (owner, day) key is the never-twice guarantee: every send is preceded by a claim
 * that only one statement, on one instance, can win.
 */
import { sql } from 'kysely';
import { dailyTimeStore, type DailyTimeSubscription } from './daily-time-store.ts';
import type { JournalDb } from '../db/journal-database.ts';
import { finishDelivery, type DeliveryOutcome } from './daily-delivery.ts';

export type ReminderSubscription = DailyTimeSubscription;

export type ReminderStatus = 'sending' | 'sent' | 'failed' | 'wrote' | 'skipped' | 'snoozed';

export function createReminderStore(db: JournalDb) {
  return {
    ...dailyTimeStore(db, 'reminder_setting'),

    async status(
      ownerId: number,
      day: string,
    ): Promise<{ status: ReminderStatus; attempts: number; dueAgainAt: string | null } | undefined> {
      const row = await db
        .selectFrom('reminder_delivery')
        .select(['status', 'attempts', 'due_again_at'])
        .where('owner_id', '=', ownerId)
        .where('local_day', '=', day)
        .executeTakeFirst();
      return row && { status: row.status, attempts: Number(row.attempts), dueAgainAt: row.due_again_at };
    },

    /** The earliest instant after `now` a snoozed reminder (any owner) is due again, or undefined. */
    async nextSnooze(now: Date): Promise<string | undefined> {
      const row = await db
        .selectFrom('reminder_delivery')
        .select((eb) => eb.fn.min<string | null>('due_again_at').as('next'))
        .where('status', '=', 'snoozed')
        .where('due_again_at', '>', now.toISOString())
        .executeTakeFirst();
      return row?.next ?? undefined;
    },

    /**
     * Claims the owner's reminder for `day` in one statement: a first claim, a retry of one Telegram refused (fewer
     * than `maxAttempts` so far), or a snoozed one whose hour is up. False when another claim won or it was settled.
     */
    async claim(ownerId: number, day: string, now: Date, maxAttempts: number): Promise<boolean> {
      const at = now.toISOString();
      const row = await db
        .insertInto('reminder_delivery')
        .values({
          owner_id: ownerId,
          local_day: day,
          status: 'sending',
          attempts: 1,
          message_id: null,
          due_again_at: null,
          detail: null,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc
            .columns(['owner_id', 'local_day'])
            .doUpdateSet({
              status: 'sending',
              attempts: sql`reminder_delivery.attempts + 1`,
              due_again_at: null,
              updated_at: at,
            })
            .where((eb) =>
              eb.or([
                eb.and([
                  eb('reminder_delivery.status', '=', 'failed'),
                  eb('reminder_delivery.attempts', '<', maxAttempts),
                ]),
                eb.and([
                  eb('reminder_delivery.status', '=', 'snoozed'),
                  eb('reminder_delivery.due_again_at', '<=', at),
                ]),
              ]),
            ),
        )
        .returning('attempts')
        .executeTakeFirst();
      return row !== undefined;
    },

    finish: (
      ownerId: number,
      day: string,
      outcome: DeliveryOutcome & { status: 'sent' | 'failed' | 'wrote' },
      now: Date,
    ): Promise<void> => finishDelivery(db, 'reminder_delivery', { ownerId, day, outcome, now }),

    /** The reminder's snooze button: sent again at `until` (its attempts start over). False unless one was sent that day. */
    async snooze(ownerId: number, day: string, until: Date, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('reminder_delivery')
        .set({ status: 'snoozed', due_again_at: until.toISOString(), attempts: 0, updated_at: now.toISOString() })
        .where('owner_id', '=', ownerId)
        .where('local_day', '=', day)
        .where('status', 'in', ['sent', 'snoozed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The reminder's skip button: nothing more that day (a snooze is dropped). False unless one was sent that day. */
    async skip(ownerId: number, day: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('reminder_delivery')
        .set({ status: 'skipped', due_again_at: null, updated_at: now.toISOString() })
        .where('owner_id', '=', ownerId)
        .where('local_day', '=', day)
        .where('status', 'in', ['sent', 'snoozed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type ReminderStore = ReturnType<typeof createReminderStore>;
