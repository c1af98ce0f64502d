// Moods (one per owner and journal day), writing prompts (the owner's own, the bot's messages that asked one, and the
// prompt an entry answers), and daily reminders to write (the setting, and one row per owner and day ever claimed, so a
// day's reminder goes out at most once). Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mood')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    // The owner's journal day, YYYY-MM-DD.
    .addColumn('local_day', 'text', (c) => c.notNull())
    .addColumn('mood', 'integer', (c) => c.notNull().check(sql`mood between 1 and 5`))
    // When it was last set, ISO instant in UTC.
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mood_pk', ['owner_id', 'local_day'])
    .execute();

  await db.schema
    .createTable('owner_prompt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('owner_prompt_owner').on('owner_prompt').columns(['owner_id', 'id']).execute();

  // A bot message that asked a prompt (/prompt or a reminder): a reply to it answers that prompt.
  await db.schema
    .createTable('prompt_message')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('chat_id', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_message_pk', ['owner_id', 'chat_id', 'message_id'])
    .execute();

  // The prompt an entry answers; its own table, so the entry row stays as it is.
  await db.schema
    .createTable('entry_prompt')
    .addColumn('entry_id', 'integer', (c) => c.primaryKey().references('entry.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entry_prompt_owner').on('entry_prompt').columns(['owner_id']).execute();

  await db.schema
    .createTable('reminder_setting')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey())
    .addColumn('chat_id', 'integer', (c) => c.notNull())
    // Local wall-clock time in JOURNAL_TIMEZONE, HH:MM, within the owner's journal day.
    .addColumn('local_time', 'text', (c) => c.notNull())
    // Reminders due before this instant are never sent (set at 10:00 for 08:00 starts tomorrow).
    .addColumn('since', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reminder_delivery')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('local_day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('sending', 'sent', 'failed', 'wrote', 'skipped', 'snoozed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message_id', 'integer')
    // While snoozed: the instant (ISO) it is due again.
    .addColumn('due_again_at', 'text')
    .addColumn('detail', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
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
