// PostgreSQL twin of migrations/2026_12_02_000200_job_reply_message.ts: the id of a job's first message, so a job cut
// off after sending it goes on in that message. Telegram ids are bigint here. Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').addColumn('reply_message_id', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('reply_message_id').execute();
}
