/** Writing an entry's hashtags (entry_tag): derived from its text whenever the text is written. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashtagsOf } from './hashtags.ts';

/** Makes the entry's tags exactly those of `text` (plus Telegram's entity tags). */
export async function replaceTags(db: Kysely<Database>, entry: { id: number; ownerId: number }, text: string, entityTags: readonly string[] = []): Promise<void> {
  await db.deleteFrom('entry_tag').where('entry_id', '=', entry.id).execute();
  await insertTags(db, entry, hashtagsOf(text, entityTags));
}

export async function insertTags(db: Kysely<Database>, entry: { id: number; ownerId: number }, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insertInto('entry_tag')
    .values(tags.map((tag) => ({ entry_id: entry.id, owner_id: entry.ownerId, tag })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Tags of rows just inserted in bulk: only rows whose text has a tag pay for finding their ids. */
export async function tagInsertedRows(
  db: Kysely<Database>,
  rows: readonly { owner_id: number; source: string; chat_id: number; message_id: number; content: string; entityTags?: readonly string[] }[],
): Promise<void> {
  const tagged = rows.map((row) => ({ row, tags: hashtagsOf(row.content, row.entityTags) })).filter((t) => t.tags.length > 0);
  if (tagged.length === 0) return;
  const first = tagged[0]!.row;
  const ids = await db
    .selectFrom('entry')
    .select(['id', 'chat_id', 'message_id'])
    .where('owner_id', '=', first.owner_id)
    .where('source', '=', first.source as 'live' | 'import')
    .where('chat_id', 'in', [...new Set(tagged.map((t) => t.row.chat_id))])
    .where('message_id', 'in', tagged.map((t) => t.row.message_id))
    .execute();
  const idByKey = new Map(ids.map((r) => [`${r.chat_id}:${r.message_id}`, r.id]));
  for (const { row, tags } of tagged) {
    const id = idByKey.get(`${row.chat_id}:${row.message_id}`);
    if (id !== undefined) await insertTags(db, { id, ownerId: row.owner_id }, tags);
  }
}
