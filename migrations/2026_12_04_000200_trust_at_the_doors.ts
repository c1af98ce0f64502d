// Trust at the doors (issue 38). oauth_request gains the one-time code the bot shows the owner after Allow (its
// SHA-256) and the count of wrong tries, so only the browser the owner typed it into gets the authorization code.
// oauth_client gains the SHA-256 of the address that registered it, so registrations per address can be capped (and
// unused ones deleted after a day). media_thumbnail keeps each scaled picture once, by the original's sha256, in the
// database beside the media so backups and encryption cover it as they cover the media.
// Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_request').addColumn('confirm_hash', 'text').execute();
  await db.schema
    .alterTable('oauth_request')
    .addColumn('confirm_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('oauth_client').addColumn('registered_from', 'text').execute();
  await db.schema.createIndex('oauth_client_registered_from').on('oauth_client').column('registered_from').execute();
  await db.schema
    .createTable('media_thumbnail')
    .addColumn('sha256', 'text', (c) => c.notNull())
    // What was made: `webp:640` (the web view), `jpeg:1568` (what the model looks at), `original` (too large to scale).
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('data', 'blob')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_thumbnail_key', ['sha256', 'variant'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_thumbnail').execute();
  await db.schema.dropIndex('oauth_client_registered_from').execute();
  await db.schema.alterTable('oauth_client').dropColumn('registered_from').execute();
  await db.schema.alterTable('oauth_request').dropColumn('confirm_tries').execute();
  await db.schema.alterTable('oauth_request').dropColumn('confirm_hash').execute();
}
