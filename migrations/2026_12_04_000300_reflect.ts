// A journal that asks back (/reflect): who turned it on (per owner and journal), and one row per entry a follow-up
// question was claimed for (the primary key keeps it to one per entry; its day counts the day's questions).
// Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reflect_setting')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    // The journal it is on for: a topic's stored name, '' the main journal.
    .addColumn('journal', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reflect_setting_pk', ['owner_id', 'journal'])
    .execute();
  await db.schema
    .createTable('reflect_question')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entry.id').onDelete('cascade'))
    // The entry's journal day, YYYY-MM-DD: at most three questions a day.
    .addColumn('local_day', 'text', (c) => c.notNull())
    // `asking` while the model is asked, then `asked` (a question was sent) or `none` (the model had nothing to ask).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reflect_question_pk', ['owner_id', 'entry_id'])
    .execute();
  await db.schema
    .createIndex('reflect_question_day')
    .on('reflect_question')
    .columns(['owner_id', 'local_day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reflect_question').execute();
  await db.schema.dropTable('reflect_setting').execute();
}
