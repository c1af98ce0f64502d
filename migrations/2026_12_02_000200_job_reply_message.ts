// Every job answers once: besides when it began to send its first message (replied_at), the job keeps that message's
// id, so a job cut off after it (an import showing its progress) goes on in the same message instead of sending a
// second one. Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').addColumn('reply_message_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('reply_message_id').execute();
}
