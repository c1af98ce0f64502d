// The inbox retries instead of dropping: a failed update stays pending with its attempts and the time of its next
// try; one that can never be handled (malformed) is parked with its reason. A handled update keeps only its id (for
// the dedupe window), so `payload` becomes nullable; `update_id` is no longer unique (Telegram reuses ids after a
// quiet week: an id is a duplicate only within the dedupe window). `priority` puts owners' chats before strangers'.
// SQLite cannot change a CHECK or drop a UNIQUE in place: the table is rebuilt. Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE update_inbox_next (
    seq integer PRIMARY KEY AUTOINCREMENT,
    update_id integer NOT NULL,
    chat_key text NOT NULL,
    payload text,
    status text NOT NULL CHECK (status IN ('pending', 'done', 'parked')),
    received_at text NOT NULL,
    handled_at text,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at text,
    last_error text,
    priority integer NOT NULL DEFAULT 0
  )`.execute(db);
  // Handled rows lose their text now, not at some later prune.
  await sql`INSERT INTO update_inbox_next (seq, update_id, chat_key, payload, status, received_at, handled_at)
    SELECT seq, update_id, chat_key, CASE WHEN status = 'done' THEN NULL ELSE payload END, status, received_at, handled_at FROM update_inbox`.execute(
    db,
  );
  // Arrival order goes on where it was (a seq is never reused).
  await sql`DELETE FROM sqlite_sequence WHERE name = 'update_inbox_next'`.execute(db);
  await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'update_inbox_next', seq FROM sqlite_sequence WHERE name = 'update_inbox'`.execute(
    db,
  );
  await db.schema.dropTable('update_inbox').execute();
  await sql`ALTER TABLE update_inbox_next RENAME TO update_inbox`.execute(db);
  await db.schema.createIndex('update_inbox_status').on('update_inbox').columns(['status', 'seq']).execute();
  await db.schema.createIndex('update_inbox_chat').on('update_inbox').columns(['chat_key', 'status', 'seq']).execute();
  // The dedupe look-up: this id, received within the window.
  await db.schema
    .createIndex('update_inbox_update_id')
    .on('update_inbox')
    .columns(['update_id', 'received_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE update_inbox_prev (
    seq integer PRIMARY KEY AUTOINCREMENT,
    update_id integer NOT NULL UNIQUE,
    chat_key text NOT NULL,
    payload text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'done')),
    received_at text NOT NULL,
    handled_at text
  )`.execute(db);
  await sql`INSERT OR IGNORE INTO update_inbox_prev (seq, update_id, chat_key, payload, status, received_at, handled_at)
    SELECT seq, update_id, chat_key, COALESCE(payload, '{}'), CASE WHEN status = 'parked' THEN 'pending' ELSE status END, received_at, handled_at
    FROM update_inbox ORDER BY seq DESC`.execute(db);
  await db.schema.dropTable('update_inbox').execute();
  await sql`ALTER TABLE update_inbox_prev RENAME TO update_inbox`.execute(db);
  await db.schema.createIndex('update_inbox_status').on('update_inbox').columns(['status', 'seq']).execute();
  await db.schema.createIndex('update_inbox_chat').on('update_inbox').columns(['chat_key', 'status', 'seq']).execute();
}
