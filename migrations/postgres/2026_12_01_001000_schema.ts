// Every table the SQLite migrations up to 2026_12_01_000720 made, in their final shape, on PostgreSQL. Telegram ids
// (owner, chat, message, update) exceed 2^31: bigint. Text that is compared or sorted (days, instants, tags, keys)
// uses the byte-order collation "C", as SQLite's binary order does. Search is a generated tsvector with a GIN index,
// normalised as SQLite's FTS5 tokenizer (unicode61 remove_diacritics 2) reads text; src/db/postgres-search.ts
// builds queries with the same normalisation. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

const byteText = sql`text collate "C"`;

/** lower → NFD → combining accents removed → every run of non-letters/digits one space → words by the simple parser. */
const searchWords = (column: string) =>
  `to_tsvector('simple', regexp_replace(regexp_replace(normalize(lower(${column}), NFD), '[\\u0300-\\u036f]', '', 'g'), '[^[:alnum:]]+', ' ', 'g'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entry')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('live', 'import')`))
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('written_at', byteText, (c) => c.notNull())
    .addColumn('local_day', byteText, (c) => c.notNull())
    .addColumn('local_time', byteText, (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('edited_at', byteText)
    .addColumn('created_at', byteText, (c) => c.notNull())
    .addColumn('media_kind', 'text', (c) =>
      c.check(sql`media_kind in ('voice_note', 'video_note', 'photo', 'video', 'audio', 'animation', 'file')`),
    )
    .addColumn('media_file_id', 'text')
    .addColumn('media_file_name', 'text')
    .addColumn('media_duration_seconds', 'integer')
    .addColumn('media_file_size', 'bigint')
    .addColumn('transcribed_at', byteText)
    .addUniqueConstraint('entry_message_unique', ['owner_id', 'source', 'chat_id', 'message_id'])
    .execute();
  await db.schema.createIndex('entry_owner_day').on('entry').columns(['owner_id', 'local_day', 'written_at']).execute();
  await sql
    .raw(
      `ALTER TABLE entry ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${searchWords('title')} || ${searchWords('content')}) STORED`,
    )
    .execute(db);
  await sql`CREATE INDEX entry_search ON entry USING gin (search_vector)`.execute(db);

  await db.schema
    .createTable('entry_revision')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('entry.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('replaced_at', byteText, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entry_revision_entry').on('entry_revision').column('entry_id').execute();

  await db.schema
    .createTable('transcription_job')
    .addColumn('entry_id', 'bigint', (c) => c.primaryKey().references('entry.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', byteText, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('transcription_job_next').on('transcription_job').column('next_at').execute();

  await db.schema
    .createTable('entry_tag')
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('entry.id').onDelete('cascade'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('tag', byteText, (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_tag_pk', ['entry_id', 'tag'])
    .execute();
  await db.schema.createIndex('entry_tag_owner_tag').on('entry_tag').columns(['owner_id', 'tag', 'entry_id']).execute();

  await db.schema
    .createTable('journal_setting')
    .addColumn('key', byteText, (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('object_handle')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('id', byteText, (c) => c.notNull())
    .addColumn('kind', byteText, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', byteText, (c) => c.notNull())
    .addPrimaryKeyConstraint('object_handle_pk', ['owner_id', 'id'])
    .execute();

  await db.schema
    .createTable('conversation')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('messages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'answered', 'failed')`))
    .addColumn('pending_question', 'text')
    .addColumn('receipt', 'text')
    .addColumn('answered_at', byteText)
    .addColumn('created_at', byteText, (c) => c.notNull())
    .addColumn('updated_at', byteText, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_owner_answered')
    .on('conversation')
    .columns(['owner_id', 'answered_at'])
    .execute();

  await db.schema
    .createTable('conversation_message')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('conversation.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('conversation_message_pk', ['owner_id', 'chat_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('update_inbox')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('update_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('chat_key', byteText, (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'done')`))
    .addColumn('received_at', byteText, (c) => c.notNull())
    .addColumn('handled_at', byteText)
    .execute();
  await db.schema.createIndex('update_inbox_status').on('update_inbox').columns(['status', 'seq']).execute();

  await db.schema
    .createTable('job')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('update_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('kind', byteText, (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`))
    .addColumn('starts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', byteText, (c) => c.notNull())
    .addColumn('updated_at', byteText, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_status').on('job').columns(['status', 'id']).execute();

  await db.schema
    .createTable('ask_cache')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('key', byteText, (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', byteText, (c) => c.notNull())
    .addPrimaryKeyConstraint('ask_cache_pk', ['owner_id', 'key'])
    .execute();

  await db.schema
    .createTable('digest_subscription')
    .addColumn('owner_id', 'bigint', (c) => c.primaryKey())
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('local_time', byteText, (c) => c.notNull())
    .addColumn('since', byteText, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('digest_delivery')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('local_day', byteText, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sending', 'sent', 'failed', 'skipped')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message_id', 'bigint')
    .addColumn('detail', 'text')
    .addColumn('updated_at', byteText, (c) => c.notNull())
    .addPrimaryKeyConstraint('digest_delivery_pk', ['owner_id', 'local_day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'digest_delivery',
    'digest_subscription',
    'ask_cache',
    'job',
    'update_inbox',
    'conversation_message',
    'conversation',
    'object_handle',
    'journal_setting',
    'entry_tag',
    'transcription_job',
    'entry_revision',
    'entry',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
