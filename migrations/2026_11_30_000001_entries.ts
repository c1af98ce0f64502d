// Entries, their revisions, and an FTS5 index kept in sync by triggers. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entry')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('live', 'import')`))
    .addColumn('chat_id', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('written_at', 'text', (c) => c.notNull())
    .addColumn('local_day', 'text', (c) => c.notNull())
    .addColumn('local_time', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Live and imported messages come from different id spaces (Saved Messages has the owner's id as its chat id,
    // like the live chat with the bot), so the source is part of the key.
    .addUniqueConstraint('entry_message_unique', ['owner_id', 'source', 'chat_id', 'message_id'])
    .execute();
  // Day questions and date views filter on (owner, local_day); the written_at tail keeps order cheap.
  await db.schema.createIndex('entry_owner_day').on('entry').columns(['owner_id', 'local_day', 'written_at']).execute();

  await db.schema
    .createTable('entry_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entry.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entry_revision_entry').on('entry_revision').column('entry_id').execute();

  await sql`CREATE VIRTUAL TABLE entry_fts USING fts5(
    title, content, content='entry', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`CREATE TRIGGER entry_fts_insert AFTER INSERT ON entry BEGIN
    INSERT INTO entry_fts(rowid, title, content) VALUES (new.id, new.title, new.content);
  END`.execute(db);
  await sql`CREATE TRIGGER entry_fts_delete AFTER DELETE ON entry BEGIN
    INSERT INTO entry_fts(entry_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
  END`.execute(db);
  await sql`CREATE TRIGGER entry_fts_update AFTER UPDATE OF title, content ON entry BEGIN
    INSERT INTO entry_fts(entry_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
    INSERT INTO entry_fts(rowid, title, content) VALUES (new.id, new.title, new.content);
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('entry_fts').execute();
  await db.schema.dropTable('entry_revision').execute();
  await db.schema.dropTable('entry').execute();
}
