// The update inbox: every update from Telegram is written here before Telegram is told it arrived. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('update_inbox')
    // Arrival order: handling follows it per chat (update ids can restart at random after a quiet week).
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('update_id', 'integer', (c) => c.notNull().unique())
    // The chat the update belongs to (or the user, or 'none'): updates with one key are handled one at a time, in order.
    .addColumn('chat_key', 'text', (c) => c.notNull())
    // The raw update as Telegram sent it, JSON.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'done')`))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .execute();
  // Start-up drains what is pending; pruning drops done rows after a day.
  await db.schema.createIndex('update_inbox_status').on('update_inbox').columns(['status', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('update_inbox').execute();
}
