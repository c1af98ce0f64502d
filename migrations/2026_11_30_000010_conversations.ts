// Conversations with the model (every turn, as JSON) and the chat messages that belong to each. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conversation')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('messages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'answered', 'failed')`))
    .addColumn('pending_question', 'text')
    .addColumn('receipt', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // /trace reads the owner's latest answer.
  await db.schema
    .createIndex('conversation_owner_answered')
    .on('conversation')
    .columns(['owner_id', 'answered_at'])
    .execute();

  await db.schema
    .createTable('conversation_message')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('chat_id', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversation.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('conversation_message_pk', ['owner_id', 'chat_id', 'message_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conversation_message').execute();
  await db.schema.dropTable('conversation').execute();
}
