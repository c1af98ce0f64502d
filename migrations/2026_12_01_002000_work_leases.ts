// Leases on work, so several instances can share one database: a chat's inbox lane and a job are each held by one
// instance at a time, until its lease runs out (renewed while it works; an instance that died stops renewing, and
// another takes over). Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inbox_lease')
    // The chat whose pending updates the holder handles, one at a time and in order; no row: nobody holds it.
    .addColumn('chat_key', 'text', (c) => c.primaryKey())
    // The instance that holds it (host and port, or host and "polling").
    .addColumn('holder', 'text', (c) => c.notNull())
    // ISO instant (UTC); after it, any instance may take the chat over.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('job').addColumn('lease_holder', 'text').execute();
  await db.schema.alterTable('job').addColumn('lease_until', 'text').execute();
  // When a job that answers once began to send its answer: one taken over after that is not run again.
  await db.schema.alterTable('job').addColumn('replied_at', 'text').execute();
  // A lane reads its chat's pending updates in order; a job claim looks for earlier unfinished jobs of its chat.
  await db.schema.createIndex('update_inbox_chat').on('update_inbox').columns(['chat_key', 'status', 'seq']).execute();
  await db.schema.createIndex('job_chat').on('job').columns(['chat_id', 'status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_chat').execute();
  await db.schema.dropIndex('update_inbox_chat').execute();
  await db.schema.alterTable('job').dropColumn('replied_at').execute();
  await db.schema.alterTable('job').dropColumn('lease_until').execute();
  await db.schema.alterTable('job').dropColumn('lease_holder').execute();
  await db.schema.dropTable('inbox_lease').execute();
}
