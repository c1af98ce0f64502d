/** Forgetting one journal: each of its entries goes as /forget takes one, with everything the bot kept of it. */
import type { JournalDb } from '../../db/journal-database.ts';
import { forgetEntry } from './forget.ts';

/** Entry ids read per query while forgetting (each entry is then forgotten in a transaction of its own). */
const PAGE = 200;

/** How many entries one journal holds (what forgetting it is about to remove). */
export async function countJournalEntries(db: JournalDb, ownerId: number, journal: string): Promise<number> {
  const row = await db
    .selectFrom('entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('journal', '=', journal)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Forgets every entry of the owner's journal `journal` (a stored name): its revisions, tags, the answers and
 * conversations that read it, its raw updates (journal/forget/forget.ts forgetEntry). Other journals are untouched; the
 * topic stays, so what is written there later starts the journal again.
 */
export async function forgetJournal(
  db: JournalDb,
  ownerId: number,
  journal: string,
): Promise<{ entries: number; purged: boolean }> {
  let entries = 0;
  let purged = true;
  for (;;) {
    const ids = await db
      .selectFrom('entry')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('journal', '=', journal)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (ids.length === 0) break;
    for (const { id } of ids) {
      const result = await forgetEntry(db, ownerId, id);
      if (result.type !== 'forgotten') continue;
      entries += 1;
      purged &&= result.purged;
    }
  }
  return { entries, purged };
}
