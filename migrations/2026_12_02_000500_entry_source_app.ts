// Which app an entry came from and its id there, and what else the app knew about it (starred, place, weather…).
// `source` (live/import) says how it arrived and stays in the key; `source_app` names the app: Telegram for every
// entry before this step. Other apps' entries keep the key's shape: a chat id per app and a message id derived from
// the app's own id (src/journal/entry-source.ts), so every ON CONFLICT on the key still holds.
// Frozen: imports nothing from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('entry')
    .addColumn('source_app', 'text', (c) =>
      c
        .notNull()
        .defaultTo('telegram')
        .check(sql`source_app in ('telegram', 'dayone', 'jrnl', 'markdown')`),
    )
    .execute();
  // The app's own id: `<chat>:<message>` for Telegram, the uuid for Day One, the time (and a counter) for jrnl, the note's path…
  await db.schema.alterTable('entry').addColumn('source_id', 'text').execute();
  // JSON: starred, place, weather, the entry's own zone, its media list. Null when the app told nothing more.
  await db.schema.alterTable('entry').addColumn('metadata', 'text').execute();
  await sql`UPDATE entry SET source_id = chat_id || ':' || message_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['metadata', 'source_id', 'source_app'])
    await db.schema.alterTable('entry').dropColumn(column).execute();
}
