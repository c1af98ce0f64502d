// PostgreSQL twin of migrations/2026_12_03_000400_journals.ts: each entry's journal ('' the main one) and the topics
// of the owner's private chat that name journals. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('entry')
    .addColumn('journal', sql`text collate "C"`, (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('entry_owner_journal_day')
    .on('entry')
    .columns(['owner_id', 'journal', 'local_day', 'written_at'])
    .execute();
  await db.schema
    .createTable('journal_topic')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('thread_id', 'bigint', (c) => c.notNull())
    .addColumn('name', sql`text collate "C"`, (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_topic_key', ['owner_id', 'thread_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journal_topic').execute();
  await db.schema.dropIndex('entry_owner_journal_day').execute();
  await db.schema.alterTable('entry').dropColumn('journal').execute();
}
