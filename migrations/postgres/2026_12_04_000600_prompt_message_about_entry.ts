// PostgreSQL twin of migrations/2026_12_04_000600_prompt_message_about_entry.ts: the entry a bot message's question
// was about (/reflect), null for a writing prompt; deleting the entry deletes its questions. Ids are bigint here.
// Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('prompt_message')
    .addColumn('about_entry_id', 'bigint', (c) => c.references('entry.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('prompt_message_about_entry').on('prompt_message').column('about_entry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('prompt_message_about_entry').execute();
  await db.schema.alterTable('prompt_message').dropColumn('about_entry_id').execute();
}
