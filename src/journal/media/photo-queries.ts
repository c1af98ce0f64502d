/**
 * The owner's photos across entries, newest first: the web view's Photos page. Kept photos only (those with bytes to
 * show); each names its entry and day, so a picture opens the entry it belongs to.
 */
import type { JournalDb } from '../../db/journal-database.ts';

export interface ListedPhoto {
  entryId: number;
  day: string;
  time: string;
  sha256: string;
  width: number | null;
  height: number | null;
}

/** One page of photos of every journal (`journal` undefined) or of one (its stored name, '' the main one). */
export async function listPhotos(
  db: JournalDb,
  ownerId: number,
  journal: string | undefined,
  limit: number,
  offset: number,
): Promise<ListedPhoto[]> {
  let query = db
    .selectFrom('entry_media as m')
    .innerJoin('entry as e', 'e.id', 'm.entry_id')
    .select(['m.entry_id as entryId', 'e.local_day as day', 'e.local_time as time', 'm.sha256', 'm.width', 'm.height'])
    .where('m.owner_id', '=', ownerId)
    .where('e.owner_id', '=', ownerId)
    .where('m.kind', '=', 'photo')
    .where('m.state', '=', 'kept');
  if (journal !== undefined) query = query.where('e.journal', '=', journal);
  const rows = await query
    .orderBy('e.written_at', 'desc')
    .orderBy('e.id', 'desc')
    .orderBy('m.position')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.flatMap((r) => (r.sha256 === null ? [] : [{ ...r, sha256: r.sha256 }]));
}

/**
 * The Telegram file ids of these entries' photos, in the entries' order (a rich message shows them by id, no upload):
 * live photos only, as imported ones have no id Telegram knows.
 */
export async function telegramPhotoIds(
  db: JournalDb,
  ownerId: number,
  entryIds: readonly number[],
  limit: number,
): Promise<string[]> {
  if (entryIds.length === 0) return [];
  const rows = await db
    .selectFrom('entry_media')
    .select(['entry_id', 'file_id'])
    .where('owner_id', '=', ownerId)
    .where('entry_id', 'in', [...entryIds])
    .where('kind', '=', 'photo')
    .where('file_id', 'is not', null)
    .orderBy('entry_id')
    .orderBy('position')
    .execute();
  const order = new Map(entryIds.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => order.get(a.entry_id)! - order.get(b.entry_id)!)
    .flatMap((r) => (r.file_id ? [r.file_id] : []))
    .slice(0, limit);
}
