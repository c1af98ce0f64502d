// PostgreSQL twin of migrations/2026_12_02_000300_forget.ts: which entries each `ask` answer read, so forgetting an
// entry removes exactly the answers that read it. (The search index is a column of the entry row: it goes with the
// row, nothing to configure.) Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ask_cache_read')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('cache_key', byteText, (c) => c.notNull())
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ask_cache_read_pk', ['owner_id', 'cache_key', 'entry_id'])
    .addForeignKeyConstraint(
      'ask_cache_read_answer',
      ['owner_id', 'cache_key'],
      'ask_cache',
      ['owner_id', 'key'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('ask_cache_read_entry').on('ask_cache_read').columns(['owner_id', 'entry_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ask_cache_read').execute();
}
