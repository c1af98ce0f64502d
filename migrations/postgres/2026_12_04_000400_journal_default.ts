// PostgreSQL twin of migrations/2026_12_04_000400_journal_default.ts: the journal an owner's messages outside topics
// go to. Telegram ids bigint; the name compared in byte order ("C"), as entry.journal is. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journal_default')
    .addColumn('owner_id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', sql`text collate "C"`, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journal_default').execute();
}
