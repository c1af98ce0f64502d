/**
 * How forgetting an owner reaches every table (OWNER_ROWS), and the small helpers forgetting an entry shares with it:
 * counted deletes, chunked keys, the owner's inbox lanes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chunksOf, type Store } from '../../db/store.ts';
import { deleteOrphanBlobs } from '../../db/media-blobs.ts';

/** Stored rows read per query while looking for traces. */
export const PAGE = 200;
/** Keys or ids per `IN (…)`. */
const CHUNK = 500;

type Trx = Kysely<Database>;

export const deleted = (result: { numDeletedRows: bigint } | undefined) => Number(result?.numDeletedRows ?? 0n);

export const chunks = <T>(items: readonly T[]) => chunksOf(items, CHUNK);

/** The inbox lanes of an owner's private chat with the bot (its chat id is the user id) and of updates without a chat. */
export const ownerChatKeys = (ownerId: number) => [`chat:${ownerId}`, `user:${ownerId}`];

/** Whether a raw update came from the owner or was sent in their private chat. */
function updateOfOwner(payload: string, ownerId: number): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload) as unknown;
  } catch {
    return false;
  }
  const seen = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value !== 'object' || depth > 16) return false;
    const v = value as { from?: { id?: unknown }; chat?: { id?: unknown }; user?: { id?: unknown } };
    if (v.from?.id === ownerId || v.chat?.id === ownerId || v.user?.id === ownerId) return true;
    return Object.values(value).some((item) => seen(item, depth + 1));
  };
  return seen(parsed, 0);
}

export type OwnerRows = (trx: Trx, ownerId: number, now: Date, store: Store) => Promise<number>;

/**
 * How each table's rows of one owner are deleted, children before parents; or why a table holds no owner's rows.
 * Typed over every table of the Database: a new table does not compile until it says how it is forgotten.
 */
export const OWNER_ROWS: { [T in keyof Database]: OwnerRows | { notOwnerData: string } } = {
  reflect_question: async (trx, o) =>
    deleted(await trx.deleteFrom('reflect_question').where('owner_id', '=', o).executeTakeFirst()),
  entry_tag: async (trx, o) => deleted(await trx.deleteFrom('entry_tag').where('owner_id', '=', o).executeTakeFirst()),
  entry_revision: async (trx, o) =>
    deleted(
      await trx
        .deleteFrom('entry_revision')
        .where('entry_id', 'in', trx.selectFrom('entry').select('id').where('owner_id', '=', o))
        .executeTakeFirst(),
    ),
  transcription_job: async (trx, o) =>
    deleted(
      await trx
        .deleteFrom('transcription_job')
        .where('entry_id', 'in', trx.selectFrom('entry').select('id').where('owner_id', '=', o))
        .executeTakeFirst(),
    ),
  entry_media: async (trx, o) =>
    deleted(await trx.deleteFrom('entry_media').where('owner_id', '=', o).executeTakeFirst()),
  // The store's bulk path: the search index is purged once for all of them.
  entry: (trx, o, _now, store) => store.deleteOwnerEntries(trx, o),
  // Bytes are shared by content: those no kept entry (of anyone) still holds go, with their chunks.
  media_blob: (trx) => deleteOrphanBlobs(trx),
  media_chunk: { notOwnerData: "the bytes of media_blob rows, removed with them (media_blob's row above)" },
  media_thumbnail: { notOwnerData: "pictures made from media_blob rows, removed with them (media_blob's row above)" },
  object_handle: async (trx, o) =>
    deleted(await trx.deleteFrom('object_handle').where('owner_id', '=', o).executeTakeFirst()),
  conversation_message: async (trx, o) =>
    deleted(await trx.deleteFrom('conversation_message').where('owner_id', '=', o).executeTakeFirst()),
  conversation: async (trx, o) =>
    deleted(await trx.deleteFrom('conversation').where('owner_id', '=', o).executeTakeFirst()),
  sent_ledger: async (trx, o) =>
    deleted(await trx.deleteFrom('sent_ledger').where('owner_id', '=', o).executeTakeFirst()),
  ask_cache_read: async (trx, o) =>
    deleted(await trx.deleteFrom('ask_cache_read').where('owner_id', '=', o).executeTakeFirst()),
  ask_cache: async (trx, o) => deleted(await trx.deleteFrom('ask_cache').where('owner_id', '=', o).executeTakeFirst()),
  digest_delivery: async (trx, o) =>
    deleted(await trx.deleteFrom('digest_delivery').where('owner_id', '=', o).executeTakeFirst()),
  digest_subscription: async (trx, o) =>
    deleted(await trx.deleteFrom('digest_subscription').where('owner_id', '=', o).executeTakeFirst()),
  web_login_link: async (trx, o) =>
    deleted(await trx.deleteFrom('web_login_link').where('owner_id', '=', o).executeTakeFirst()),
  mood: async (trx, o) => deleted(await trx.deleteFrom('mood').where('owner_id', '=', o).executeTakeFirst()),
  reflect_setting: async (trx, o) =>
    deleted(await trx.deleteFrom('reflect_setting').where('owner_id', '=', o).executeTakeFirst()),
  owner_prompt: async (trx, o) =>
    deleted(await trx.deleteFrom('owner_prompt').where('owner_id', '=', o).executeTakeFirst()),
  prompt_message: async (trx, o) =>
    deleted(await trx.deleteFrom('prompt_message').where('owner_id', '=', o).executeTakeFirst()),
  entry_prompt: async (trx, o) =>
    deleted(await trx.deleteFrom('entry_prompt').where('owner_id', '=', o).executeTakeFirst()),
  reminder_delivery: async (trx, o) =>
    deleted(await trx.deleteFrom('reminder_delivery').where('owner_id', '=', o).executeTakeFirst()),
  reminder_setting: async (trx, o) =>
    deleted(await trx.deleteFrom('reminder_setting').where('owner_id', '=', o).executeTakeFirst()),
  job: async (trx, o) => deleted(await trx.deleteFrom('job').where('owner_id', '=', o).executeTakeFirst()),
  update_inbox: async (trx, o) => {
    // Rows carry no owner column: the owner's lanes, and any other update the owner sent (a group message).
    const keys = new Set(ownerChatKeys(o));
    const hits: number[] = [];
    let after = 0;
    for (;;) {
      const rows = await trx
        .selectFrom('update_inbox')
        .select(['seq', 'chat_key', 'payload'])
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(PAGE)
        .execute();
      if (rows.length === 0) break;
      for (const r of rows)
        if (keys.has(r.chat_key) || (r.payload !== null && updateOfOwner(r.payload, o))) hits.push(r.seq);
      after = rows.at(-1)?.seq ?? after;
    }
    let n = 0;
    for (const part of chunks(hits))
      n += deleted(await trx.deleteFrom('update_inbox').where('seq', 'in', part).executeTakeFirst());
    return n;
  },
  // A lease held right now is let go by its instance as soon as the lane runs dry (seconds); the rest go here.
  inbox_lease: async (trx, o, now) =>
    deleted(
      await trx
        .deleteFrom('inbox_lease')
        .where('chat_key', 'in', ownerChatKeys(o))
        .where('expires_at', '<', now.toISOString())
        .executeTakeFirst(),
    ),
  // Remote MCP: the owner's grants, their tokens, and the consent requests the owner opened.
  oauth_token: async (trx, o) =>
    deleted(await trx.deleteFrom('oauth_token').where('owner_id', '=', o).executeTakeFirst()),
  oauth_grant: async (trx, o) =>
    deleted(await trx.deleteFrom('oauth_grant').where('owner_id', '=', o).executeTakeFirst()),
  oauth_request: async (trx, o) =>
    deleted(await trx.deleteFrom('oauth_request').where('owner_id', '=', o).executeTakeFirst()),
  oauth_client: {
    notOwnerData: 'clients that registered themselves (a name and redirect URIs); only a grant ties one to an owner',
  },
  journal_topic: async (trx, o) =>
    deleted(await trx.deleteFrom('journal_topic').where('owner_id', '=', o).executeTakeFirst()),
  journal_default: async (trx, o) =>
    deleted(await trx.deleteFrom('journal_default').where('owner_id', '=', o).executeTakeFirst()),
  journal_setting: {
    notOwnerData:
      "settings of the whole journal file (e.g. the day start stored days were computed with), no owner's data",
  },
};
