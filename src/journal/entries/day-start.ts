/**
 * JOURNAL_DAY_STARTS_AT changed since the rows were written: every entry's journal day is recomputed once, at start.
 * The stored wall-clock time says which side of the old and the new start an entry was written on, so the change
 * is pure day arithmetic on the rows (no zone involved), one UPDATE in one transaction with the setting it records.
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { MIDNIGHT } from '../dates/local-moment.ts';

const SETTING = 'day_starts_at';

export interface DayStartChange {
  previous: string;
  current: string;
  /** Entries whose local day moved. */
  moved: number;
}

/** Applies `dayStartsAt` to every stored entry if the rows were computed with another; null when nothing changed. */
export async function applyDayStart(db: JournalDb, dayStartsAt: string): Promise<DayStartChange | null> {
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('journal_setting')
      .select('value')
      .where('key', '=', SETTING)
      .executeTakeFirst();
    // Before this setting existed every day started at midnight.
    const previous = stored?.value ?? MIDNIGHT;
    if (previous === dayStartsAt) {
      if (!stored) await trx.insertInto('journal_setting').values({ key: SETTING, value: dayStartsAt }).execute();
      return null;
    }
    // Undo the old rule (a time before it had been moved back a day), then apply the new one.
    const moved = await db.store.shiftLocalDays(trx, previous, dayStartsAt);
    await trx
      .insertInto('journal_setting')
      .values({ key: SETTING, value: dayStartsAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: dayStartsAt }))
      .execute();
    return { previous, current: dayStartsAt, moved };
  });
}
