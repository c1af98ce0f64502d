/** The `ask` answers kept (on SQLite or PostgreSQL), scoped by owner: a key maps to the result it produced. */
import type { JournalDb } from './open-database.ts';

export function createAskCache(db: JournalDb) {
  return {
    async get(ownerId: number, key: string): Promise<unknown> {
      const row = await db.selectFrom('ask_cache').select('result').where('owner_id', '=', ownerId).where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.result) as unknown) : undefined;
    },
    async put(ownerId: number, key: string, result: unknown, now: Date): Promise<void> {
      await db
        .insertInto('ask_cache')
        .values({ owner_id: ownerId, key, result: JSON.stringify(result), created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['owner_id', 'key']).doUpdateSet({ result: JSON.stringify(result), created_at: now.toISOString() }))
        .execute();
    },
  };
}
