// Several journals per owner: each entry names its journal ('' is the main journal, the one outside topics), and
// each topic of the owner's private chat with the bot maps to the journal named after it. Frozen: imports nothing
// from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('entry')
    .addColumn('journal', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // A journal's views walk its days in order, as the whole journal's walk (owner_id, local_day, written_at).
  await db.schema
    .createIndex('entry_owner_journal_day')
    .on('entry')
    .columns(['owner_id', 'journal', 'local_day', 'written_at'])
    .execute();
  await db.schema
    .createTable('journal_topic')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    // The topic's message_thread_id in the owner's private chat with the bot.
    .addColumn('thread_id', 'integer', (c) => c.notNull())
    // The topic's name as last seen ("Topic <id>" until it is), which is its journal's name.
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_topic_key', ['owner_id', 'thread_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journal_topic').execute();
  await db.schema.dropIndex('entry_owner_journal_day').execute();
  await db.schema.alterTable('entry').dropColumn('journal').execute();
}
