// PostgreSQL twin of migrations/2026_12_03_000300_entry_media_table.ts: several media per entry (entry_media) instead
// of the entry's single media columns, and their bytes kept in the database (media_blob, media_chunk as bytea), so
// every instance sees them. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entry_media')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('entry.id').onDelete('cascade'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('voice_note', 'video_note', 'photo', 'video', 'audio', 'animation', 'file')`),
    )
    .addColumn('sha256', byteText)
    .addColumn('mime_type', 'text')
    .addColumn('size', 'bigint')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_seconds', 'integer')
    .addColumn('file_name', 'text')
    .addColumn('file_id', 'text')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('reference')
        .check(sql`state in ('pending', 'kept', 'reference')`),
    )
    .addColumn('note', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', byteText)
    .addColumn('last_error', 'text')
    // The instance that claimed the download (its name in leases): a restart takes its own claims back at once.
    .addColumn('claimed_by', 'text')
    // An album's photos arrive as messages of one media group: the entry is the first one's; each row names its message.
    .addColumn('media_group_id', 'text')
    .addColumn('message_id', 'bigint')
    .addUniqueConstraint('entry_media_position', ['entry_id', 'position'])
    .execute();
  await db.schema.createIndex('entry_media_sha256').on('entry_media').column('sha256').execute();
  await db.schema.createIndex('entry_media_owner').on('entry_media').columns(['owner_id', 'media_group_id']).execute();
  await db.schema
    .createIndex('entry_media_due')
    .on('entry_media')
    .column('next_at')
    .where(sql.ref('next_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('media_blob')
    .addColumn('sha256', byteText, (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', byteText, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('media_chunk')
    .addColumn('blob', byteText, (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_chunk_key', ['blob', 'seq'])
    .execute();

  // The ledger of what went to a model counts the pictures sent with an entry's text (viewMedia's photos).
  await db.schema
    .alterTable('sent_ledger')
    .addColumn('image_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const now = new Date().toISOString();
  await sql`INSERT INTO entry_media (entry_id, owner_id, position, kind, size, duration_seconds, file_name, file_id, state, next_at)
    SELECT id, owner_id, 0, media_kind, media_file_size, media_duration_seconds, media_file_name, media_file_id,
      CASE WHEN media_file_id IS NULL THEN 'reference' ELSE 'pending' END,
      CASE WHEN media_file_id IS NULL THEN NULL ELSE ${now} END
    FROM entry WHERE media_kind IS NOT NULL ORDER BY id`.execute(db);
  for (const column of [
    'media_kind',
    'media_file_id',
    'media_file_name',
    'media_duration_seconds',
    'media_file_size',
  ]) {
    await db.schema.alterTable('entry').dropColumn(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('entry').addColumn('media_kind', 'text').execute();
  await db.schema.alterTable('entry').addColumn('media_file_id', 'text').execute();
  await db.schema.alterTable('entry').addColumn('media_file_name', 'text').execute();
  await db.schema.alterTable('entry').addColumn('media_duration_seconds', 'integer').execute();
  await db.schema.alterTable('entry').addColumn('media_file_size', 'bigint').execute();
  await sql`UPDATE entry SET (media_kind, media_file_id, media_file_name, media_duration_seconds, media_file_size) =
    (SELECT kind, file_id, file_name, duration_seconds, size FROM entry_media m WHERE m.entry_id = entry.id AND m.position = 0)`.execute(
    db,
  );
  for (const table of ['media_chunk', 'media_blob', 'entry_media']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('sent_ledger').dropColumn('image_count').execute();
}
