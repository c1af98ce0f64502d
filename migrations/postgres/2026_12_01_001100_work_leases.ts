// PostgreSQL twin of migrations/2026_12_01_002000_work_leases.ts: leases on inbox lanes and jobs, so several instances
// share one database. Instants stay ISO text in byte order ("C"), as everywhere. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inbox_lease')
    .addColumn('chat_key', byteText, (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', byteText, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('job').addColumn('lease_holder', 'text').execute();
  await db.schema.alterTable('job').addColumn('lease_until', byteText).execute();
  await db.schema.alterTable('job').addColumn('replied_at', byteText).execute();
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
