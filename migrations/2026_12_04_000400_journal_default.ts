// The journal an owner's messages outside topics go to (/journal default <name>); no row: the main journal ('').
// Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journal_default')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey())
    // The journal's stored name, as entry.journal holds it.
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journal_default').execute();
}
