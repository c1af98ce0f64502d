// Forgetting without traces. The full-text index drops a deleted entry's terms at once (FTS5 'secure-delete'; without
// it they linger in older segments until a merge), and each `ask` answer records which entries it read, so forgetting
// an entry removes exactly the answers that read it. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Persistent (kept in the index's own config): every later delete or edit removes the old terms from the index.
  await sql`INSERT INTO entry_fts(entry_fts, rank) VALUES ('secure-delete', 1)`.execute(db);

  await db.schema
    .createTable('ask_cache_read')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('cache_key', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ask_cache_read_pk', ['owner_id', 'cache_key', 'entry_id'])
    .addForeignKeyConstraint(
      'ask_cache_read_answer',
      ['owner_id', 'cache_key'],
      'ask_cache',
      ['owner_id', 'key'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  // Forgetting an entry looks up the answers that read it.
  await db.schema.createIndex('ask_cache_read_entry').on('ask_cache_read').columns(['owner_id', 'entry_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ask_cache_read').execute();
  await sql`INSERT INTO entry_fts(entry_fts, rank) VALUES ('secure-delete', 0)`.execute(db);
}
