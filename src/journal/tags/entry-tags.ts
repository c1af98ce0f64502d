/** Writing an entry's hashtags (entry_tag): derived from its text whenever the text is written. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { COLUMN_INDEX, type EntryValues } from '../../db/store.ts';
import { hashtagsOf } from './hashtags.ts';

/** Makes the entry's tags exactly those of `text` (plus Telegram's entity tags). */
export async function replaceTags(
  db: Kysely<Database>,
  entry: { id: number; ownerId: number },
  text: string,
  entityTags: readonly string[] = [],
): Promise<void> {
  await db.deleteFrom('entry_tag').where('entry_id', '=', entry.id).execute();
  await insertTags(db, entry, hashtagsOf(text, entityTags));
}

export async function insertTags(
  db: Kysely<Database>,
  entry: { id: number; ownerId: number },
  tags: readonly string[],
): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insertInto('entry_tag')
    .values(tags.map((tag) => ({ entry_id: entry.id, owner_id: entry.ownerId, tag })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Tags of rows just inserted in bulk (their tags found beforehand, batch-row.ts): only rows with tags pay for their ids. */
export async function tagInsertedRows(
  db: Kysely<Database>,
  rows: readonly { values: EntryValues; tags: readonly string[] }[],
): Promise<void> {
  const tagged = rows.filter((r) => r.tags.length > 0);
  if (tagged.length === 0) return;
  const first = tagged[0]!.values;
  const ids = await db
    .selectFrom('entry')
    .select(['id', 'chat_id', 'message_id'])
    .where('owner_id', '=', first[COLUMN_INDEX.owner_id] as number)
    .where('source', '=', first[COLUMN_INDEX.source] as 'live' | 'import')
    .where('chat_id', 'in', [...new Set(tagged.map((t) => t.values[COLUMN_INDEX.chat_id] as number))])
    .where(
      'message_id',
      'in',
      tagged.map((t) => t.values[COLUMN_INDEX.message_id] as number),
    )
    .execute();
  const idByKey = new Map(ids.map((r) => [`${r.chat_id}:${r.message_id}`, r.id]));
  for (const { values, tags } of tagged) {
    const id = idByKey.get(`${String(values[COLUMN_INDEX.chat_id])}:${String(values[COLUMN_INDEX.message_id])}`);
    if (id !== undefined) await insertTags(db, { id, ownerId: values[COLUMN_INDEX.owner_id] as number }, tags);
  }
}
