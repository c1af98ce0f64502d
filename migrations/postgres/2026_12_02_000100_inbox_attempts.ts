// PostgreSQL twin of migrations/2026_12_02_000100_inbox_attempts.ts: attempts and back-off for failed updates,
// parked ones, a nullable payload (a handled update keeps only its id), update ids unique only within the dedupe
// window, and owners' chats first. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE update_inbox DROP CONSTRAINT update_inbox_status_check`.execute(db);
  await sql`ALTER TABLE update_inbox ADD CONSTRAINT update_inbox_status_check CHECK (status IN ('pending', 'done', 'parked'))`.execute(
    db,
  );
  await sql`ALTER TABLE update_inbox DROP CONSTRAINT update_inbox_update_id_key`.execute(db);
  await sql`ALTER TABLE update_inbox ALTER COLUMN payload DROP NOT NULL`.execute(db);
  await db.schema
    .alterTable('update_inbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', byteText)
    .addColumn('last_error', 'text')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE update_inbox SET payload = NULL WHERE status = 'done'`.execute(db);
  await db.schema
    .createIndex('update_inbox_update_id')
    .on('update_inbox')
    .columns(['update_id', 'received_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('update_inbox_update_id').execute();
  await sql`DELETE FROM update_inbox a USING update_inbox b WHERE a.update_id = b.update_id AND a.seq < b.seq`.execute(
    db,
  );
  await sql`UPDATE update_inbox SET payload = '{}' WHERE payload IS NULL`.execute(db);
  await sql`UPDATE update_inbox SET status = 'pending' WHERE status = 'parked'`.execute(db);
  await db.schema
    .alterTable('update_inbox')
    .dropColumn('priority')
    .dropColumn('last_error')
    .dropColumn('next_attempt_at')
    .dropColumn('attempts')
    .execute();
  await sql`ALTER TABLE update_inbox ALTER COLUMN payload SET NOT NULL`.execute(db);
  await sql`ALTER TABLE update_inbox ADD CONSTRAINT update_inbox_update_id_key UNIQUE (update_id)`.execute(db);
  await sql`ALTER TABLE update_inbox DROP CONSTRAINT update_inbox_status_check`.execute(db);
  await sql`ALTER TABLE update_inbox ADD CONSTRAINT update_inbox_status_check CHECK (status IN ('pending', 'done'))`.execute(
    db,
  );
}
