// Hashtags per entry (lower case, without '#'): getTags counts them, tagged(tag) filters on them. Frozen: imports nothing from src/.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entry_tag')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entry.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_tag_pk', ['entry_id', 'tag'])
    .execute();
  // tagged(tag) lists one owner's entries with a tag; getTags groups one owner's tags.
  await db.schema.createIndex('entry_tag_owner_tag').on('entry_tag').columns(['owner_id', 'tag', 'entry_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('entry_tag').execute();
}
