// Daily digests: who asked for one and at what local time, and one row per owner and day ever claimed, so a day's
// digest is sent at most once whatever the timers, restarts or processes do. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('digest_subscription')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey())
    .addColumn('chat_id', 'integer', (c) => c.notNull())
    // Local wall-clock time in JOURNAL_TIMEZONE, HH:MM.
    .addColumn('local_time', 'text', (c) => c.notNull())
    // Digests due before this instant are never sent (turning it on at 10:00 for 08:00 starts tomorrow).
    .addColumn('since', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('digest_delivery')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    // The owner's local day the digest is for, YYYY-MM-DD.
    .addColumn('local_day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sending', 'sent', 'failed', 'skipped')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message_id', 'integer')
    .addColumn('detail', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('digest_delivery_pk', ['owner_id', 'local_day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('digest_delivery').execute();
  await db.schema.dropTable('digest_subscription').execute();
}
