// Remote MCP over OAuth: the clients that registered, the authorization requests waiting for the owner's consent in
// Telegram, the grants an owner allowed, and their tokens. Every secret (client secret, start payload, page key,
// authorization code, access and refresh token) is stored as its SHA-256 only. Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Registered (RFC 7591) clients. No owner: anyone may register; only an owner's consent makes a grant.
  await db.schema
    .createTable('oauth_client')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of the exact redirect URIs.
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('auth_method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // An authorization request from its page to the code: pending → asked (an owner opened the link) → allowed or
  // denied → issued (the page took the code) → exchanged (the code became a grant).
  await db.schema
    .createTable('oauth_request')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('page_hash', 'text', (c) => c.notNull().unique())
    .addColumn('payload_hash', 'text', (c) => c.notNull().unique())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer')
    .addColumn('code_hash', 'text', (c) => c.unique())
    .addColumn('grant_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_request_owner').on('oauth_request').column('owner_id').execute();
  // What an owner allowed one client; revoked_at ends it (its tokens go with it).
  await db.schema
    .createTable('oauth_grant')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_grant_owner').on('oauth_grant').column('owner_id').execute();
  // Access and refresh tokens by their hash; a refresh token's used_at marks it spent (a second use ends the grant).
  await db.schema
    .createTable('oauth_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_token_grant').on('oauth_token').column('grant_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['oauth_token', 'oauth_grant', 'oauth_request', 'oauth_client'])
    await db.schema.dropTable(table).execute();
}
