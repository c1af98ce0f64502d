/**
 * The end of a daily message's delivery: the digest's and the reminder's deliveries are rows of the same columns in a
 * table of each's own (keyed by owner and journal day), settled here once.
 */
import type { JournalDb } from '../db/journal-database.ts';

/** The tables of daily deliveries (db/tables/daily-tables.ts). */
export type DailyDeliveryTable = 'digest_delivery' | 'reminder_delivery';

/** How a claimed delivery ended: sent (with its message), failed (with why), or not needed ('wrote', reminders only). */
export interface DeliveryOutcome {
  status: 'sent' | 'failed' | 'wrote';
  messageId?: number;
  detail?: string;
}

/** Which delivery ended, how, and when. */
export interface FinishedDelivery {
  ownerId: number;
  /** The journal day it was for. */
  day: string;
  outcome: DeliveryOutcome;
  now: Date;
}

/** Records how the owner's delivery for `day` ended. */
export async function finishDelivery(
  db: JournalDb,
  table: DailyDeliveryTable,
  { ownerId, day, outcome, now }: FinishedDelivery,
): Promise<void> {
  // Both tables have these columns alike; kysely types a query by one table's name, so the other is named as it (the
  // reminder's, whose statuses include every one a digest has).
  await db
    .updateTable(table as 'reminder_delivery')
    .set({
      status: outcome.status,
      message_id: outcome.messageId ?? null,
      detail: outcome.detail ?? null,
      updated_at: now.toISOString(),
    })
    .where('owner_id', '=', ownerId)
    .where('local_day', '=', day)
    .execute();
}
