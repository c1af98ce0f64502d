// PostgreSQL twin of migrations/2026_12_03_000600_remote_connections.ts: OAuth clients, consent requests, grants and
// tokens for remote MCP, every secret stored as its SHA-256. Telegram ids bigint; instants text in byte order ("C").
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_client')
    .addColumn('client_id', byteText, (c) => c.primaryKey())
    .addColumn('secret_hash', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('auth_method', 'text', (c) => c.notNull())
    .addColumn('created_at', byteText, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oauth_request')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('page_hash', byteText, (c) => c.notNull().unique())
    .addColumn('payload_hash', byteText, (c) => c.notNull().unique())
    .addColumn('client_id', byteText, (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'bigint')
    .addColumn('code_hash', byteText, (c) => c.unique())
    .addColumn('grant_id', 'bigint')
    .addColumn('created_at', byteText, (c) => c.notNull())
    .addColumn('expires_at', byteText, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_request_owner').on('oauth_request').column('owner_id').execute();
  await db.schema
    .createTable('oauth_grant')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', byteText, (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', byteText, (c) => c.notNull())
    .addColumn('last_used_at', byteText)
    .addColumn('revoked_at', byteText)
    .execute();
  await db.schema.createIndex('oauth_grant_owner').on('oauth_grant').column('owner_id').execute();
  await db.schema
    .createTable('oauth_token')
    .addColumn('token_hash', byteText, (c) => c.primaryKey())
    .addColumn('grant_id', 'bigint', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', byteText, (c) => c.notNull())
    .addColumn('used_at', byteText)
    .execute();
  await db.schema.createIndex('oauth_token_grant').on('oauth_token').column('grant_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['oauth_token', 'oauth_grant', 'oauth_request', 'oauth_client'])
    await db.schema.dropTable(table).execute();
}
