// The web view's one-time login links, in the journal's database so that any process sharing it can make one for
// the npm run web that is running (npm run web -- --link, the bot's /web) and that one process can tell a link used
// once (a link preview may have opened it) from one it never made. Only the token's SHA-256 is kept.
// Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_login_link')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // When it signed a browser in; null while it is unused.
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('web_login_link_expiry').on('web_login_link').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_login_link').execute();
}
