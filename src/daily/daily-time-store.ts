/**
 * Who asked for a daily message at what local time: the digest's subscriptions and the reminder's settings are the
 * same four columns in a table of each's own, read and written here once.
 */
import type { JournalDb } from '../db/journal-database.ts';

export interface DailyTimeSubscription {
  ownerId: number;
  chatId: number;
  /** `HH:MM`, local time in the journal's zone. */
  localTime: string;
  /** ISO instant it was set; messages due before it are not sent. */
  since: string;
}

/** The tables of daily times (db/tables/daily-tables.ts). */
export type DailyTimeTable = 'digest_subscription' | 'reminder_setting';

const fromRow = (r: {
  owner_id: number;
  chat_id: number;
  local_time: string;
  since: string;
}): DailyTimeSubscription => ({
  // Numbers, also where PostgreSQL's driver gives a bigint as a string.
  ownerId: Number(r.owner_id),
  chatId: Number(r.chat_id),
  localTime: r.local_time,
  since: r.since,
});

export function dailyTimeStore(db: JournalDb, table: DailyTimeTable) {
  // Both tables have these columns alike; kysely types a query by one table's name, so the other is named as it.
  const tableName = table as 'digest_subscription';
  return {
    /** Turns it on (or moves its time); the new time counts from `now`. */
    async subscribe(ownerId: number, chatId: number, localTime: string, now: Date): Promise<void> {
      const since = now.toISOString();
      await db
        .insertInto(tableName)
        .values({ owner_id: ownerId, chat_id: chatId, local_time: localTime, since })
        .onConflict((oc) => oc.column('owner_id').doUpdateSet({ chat_id: chatId, local_time: localTime, since }))
        .execute();
    },

    /** True if there was one to turn off. */
    async unsubscribe(ownerId: number): Promise<boolean> {
      const result = await db.deleteFrom(tableName).where('owner_id', '=', ownerId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async get(ownerId: number): Promise<DailyTimeSubscription | undefined> {
      const row = await db.selectFrom(tableName).selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
      return row && fromRow(row);
    },

    async list(): Promise<DailyTimeSubscription[]> {
      return (await db.selectFrom(tableName).selectAll().orderBy('owner_id').execute()).map(fromRow);
    },
  };
}
