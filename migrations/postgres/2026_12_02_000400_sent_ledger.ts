// PostgreSQL twin of migrations/2026_12_02_000400_sent_ledger.ts: what entry text was sent to which model, as ids and
// counts (never text). Telegram ids bigint; days and instants text in byte order ("C"). Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sent_ledger')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', byteText, (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'bigint')
    .addColumn('local_day', byteText, (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('entry_ids', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_ledger_owner').on('sent_ledger').columns(['owner_id', 'sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sent_ledger').execute();
}
