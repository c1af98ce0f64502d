// A question the bot asked about an entry (/reflect) can quote it, so it must go when that entry is forgotten: the
// bot message that asked a prompt now names the entry it asked about (null for a writing prompt, /prompt or a
// reminder, which is about no entry). The reference cascades, so no way of deleting an entry can leave its questions.
// Rows from before this have no entry to name (nothing recorded which entry a question was about).
// Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('prompt_message')
    .addColumn('about_entry_id', 'integer', (c) => c.references('entry.id').onDelete('cascade'))
    .execute();
  // Forgetting an entry finds its questions by it, and the cascade looks them up on every entry deleted.
  await db.schema.createIndex('prompt_message_about_entry').on('prompt_message').column('about_entry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('prompt_message_about_entry').execute();
  await db.schema.alterTable('prompt_message').dropColumn('about_entry_id').execute();
}
