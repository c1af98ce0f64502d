// PostgreSQL twin of migrations/2026_12_04_000300_reflect.ts: /reflect's setting per owner and journal, and one row per
// entry a follow-up question was claimed for. Telegram ids bigint; text compared in byte order ("C").
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reflect_setting')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('journal', byteText, (c) => c.notNull())
    .addColumn('since', byteText, (c) => c.notNull())
    .addPrimaryKeyConstraint('reflect_setting_pk', ['owner_id', 'journal'])
    .execute();
  await db.schema
    .createTable('reflect_question')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('entry.id').onDelete('cascade'))
    .addColumn('local_day', byteText, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claimed_at', byteText, (c) => c.notNull())
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
