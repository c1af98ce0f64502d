// PostgreSQL twin of migrations/2026_12_02_000500_entry_source_app.ts: the app an entry came from, its id there, and
// the app's metadata (JSON text). Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('entry')
    .addColumn('source_app', 'text', (c) =>
      c
        .notNull()
        .defaultTo('telegram')
        .check(sql`source_app in ('telegram', 'dayone', 'jrnl', 'markdown')`),
    )
    .execute();
  await db.schema.alterTable('entry').addColumn('source_id', 'text').execute();
  await db.schema.alterTable('entry').addColumn('metadata', 'text').execute();
  await sql`UPDATE entry SET source_id = chat_id::text || ':' || message_id::text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['metadata', 'source_id', 'source_app'])
    await db.schema.alterTable('entry').dropColumn(column).execute();
}
