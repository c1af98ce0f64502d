// Voice notes, video notes, photos and files kept as entries: what the media was, and how to fetch it again
// (Telegram's file_id). A transcription job waits for a voice or video note until its transcript is the content.
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('entry')
    .addColumn('media_kind', 'text', (c) =>
      c.check(sql`media_kind in ('voice_note', 'video_note', 'photo', 'video', 'audio', 'animation', 'file')`),
    )
    .execute();
  await db.schema.alterTable('entry').addColumn('media_file_id', 'text').execute();
  await db.schema.alterTable('entry').addColumn('media_file_name', 'text').execute();
  await db.schema.alterTable('entry').addColumn('media_duration_seconds', 'integer').execute();
  await db.schema.alterTable('entry').addColumn('media_file_size', 'integer').execute();
  // When the content became the media's transcript; null while it is still the label ("[voice note 0:42]").
  await db.schema.alterTable('entry').addColumn('transcribed_at', 'text').execute();

  await db.schema
    .createTable('transcription_job')
    .addColumn('entry_id', 'integer', (c) => c.primaryKey().references('entry.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('transcription_job_next').on('transcription_job').column('next_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transcription_job').execute();
  for (const column of [
    'transcribed_at',
    'media_file_size',
    'media_duration_seconds',
    'media_file_name',
    'media_file_id',
    'media_kind',
  ]) {
    await db.schema.alterTable('entry').dropColumn(column).execute();
  }
}
