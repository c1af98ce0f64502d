// PostgreSQL twin of migrations/2026_12_03_000500_mood_prompts_reminders.ts: moods, writing prompts and daily
// reminders. Telegram ids bigint; days and instants text in byte order ("C"). Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mood')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('local_day', byteText, (c) => c.notNull())
    .addColumn('mood', 'integer', (c) => c.notNull().check(sql`mood between 1 and 5`))
    .addColumn('set_at', byteText, (c) => c.notNull())
    .addPrimaryKeyConstraint('mood_pk', ['owner_id', 'local_day'])
    .execute();

  await db.schema
    .createTable('owner_prompt')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', byteText, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('owner_prompt_owner').on('owner_prompt').columns(['owner_id', 'id']).execute();

  await db.schema
    .createTable('prompt_message')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('sent_at', byteText, (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_message_pk', ['owner_id', 'chat_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('entry_prompt')
    .addColumn('entry_id', 'bigint', (c) => c.primaryKey().references('entry.id').onDelete('cascade'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entry_prompt_owner').on('entry_prompt').columns(['owner_id']).execute();

  await db.schema
    .createTable('reminder_setting')
    .addColumn('owner_id', 'bigint', (c) => c.primaryKey())
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('local_time', byteText, (c) => c.notNull())
    .addColumn('since', byteText, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reminder_delivery')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('local_day', byteText, (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('sending', 'sent', 'failed', 'wrote', 'skipped', 'snoozed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message_id', 'bigint')
    .addColumn('due_again_at', byteText)
    .addColumn('detail', 'text')
    .addColumn('updated_at', byteText, (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_delivery_pk', ['owner_id', 'local_day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'reminder_delivery',
    'reminder_setting',
    'entry_prompt',
    'prompt_message',
    'owner_prompt',
    'mood',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
