// PostgreSQL twin of migrations/2026_12_05_000100_web_login_link.ts: the web view's one-time login links, the
// token's SHA-256 only. Telegram ids bigint; text compared in byte order ("C").
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_login_link')
    .addColumn('token_hash', byteText, (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', byteText, (c) => c.notNull())
    .addColumn('used_at', byteText)
    .execute();
  await db.schema.createIndex('web_login_link_expiry').on('web_login_link').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_login_link').execute();
}
