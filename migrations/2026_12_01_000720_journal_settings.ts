// Settings the stored rows were computed with (e.g. the hour a journal day starts), so a change can be applied once at
// start. Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journal_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journal_setting').execute();
}
