// The ledger of what was sent to a model: per request path (a question's tool results, ask's reader), the entries
// whose text went out, grouped by the entries' day: ids and counts, never text. Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sent_ledger')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    // When it was sent, ISO instant in UTC.
    .addColumn('sent_at', 'text', (c) => c.notNull())
    // The API's base URL, and the model named in the request.
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    // 'answer' (tool results in a question's conversation) or 'reader' (ask's reader model).
    .addColumn('via', 'text', (c) => c.notNull())
    // The question's conversation; null when the text went out outside one.
    .addColumn('conversation_id', 'integer')
    // The entries' local day, how many of that day's entries, and their ids (a JSON array of numbers).
    .addColumn('local_day', 'text', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('entry_ids', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_ledger_owner').on('sent_ledger').columns(['owner_id', 'sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sent_ledger').execute();
}
