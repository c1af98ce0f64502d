/**
 * The home of `ask` answers, scoped by owner: a key maps to the result it produced, and to the entries that answer
 * read (ask_cache_read), so forgetting an entry removes exactly the answers that read it.
 */
import type { JournalDb } from './journal-database.ts';
import { chunksOf } from './store.ts';

/** Entry ids per statement (the check that they exist, the INSERT of reads: 3 parameters each), well under both stores' limits. */
const IDS_PER_STATEMENT = 1_000;

export function createAskCache(db: JournalDb) {
  return {
    async get(ownerId: number, key: string): Promise<unknown> {
      const row = await db
        .selectFrom('ask_cache')
        .select('result')
        .where('owner_id', '=', ownerId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? (JSON.parse(row.result) as unknown) : undefined;
    },
    /**
     * Keeps an answer with the entries it read. An answer that read an entry forgotten while it was being made is not
     * kept: forgetting that entry found nothing to remove, so the answer would outlive it.
     */
    async put(ownerId: number, key: string, result: unknown, now: Date, entryIds: readonly number[]): Promise<void> {
      const text = JSON.stringify(result);
      const ids = [...new Set(entryIds)];
      await db.transaction().execute(async (trx) => {
        let present = 0;
        for (const chunk of chunksOf(ids, IDS_PER_STATEMENT)) {
          present += (
            await trx
              .selectFrom('entry')
              .select('id')
              .where('owner_id', '=', ownerId)
              .where('id', 'in', chunk)
              .execute()
          ).length;
        }
        if (present < ids.length) return;
        await trx
          .insertInto('ask_cache')
          .values({ owner_id: ownerId, key, result: text, created_at: now.toISOString() })
          .onConflict((oc) =>
            oc.columns(['owner_id', 'key']).doUpdateSet({ result: text, created_at: now.toISOString() }),
          )
          .execute();
        await trx.deleteFrom('ask_cache_read').where('owner_id', '=', ownerId).where('cache_key', '=', key).execute();
        for (const chunk of chunksOf(ids, IDS_PER_STATEMENT)) {
          await trx
            .insertInto('ask_cache_read')
            .values(chunk.map((entryId) => ({ owner_id: ownerId, cache_key: key, entry_id: entryId })))
            .execute();
        }
      });
    },
  };
}
