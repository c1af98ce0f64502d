/** The entries an answer cites, from the sources its citations name: what a "From:" line and /entry_<id> need. */
import type { JournalDb } from '../../db/journal-database.ts';
import { entryIdOfSource } from './entry-citations.ts';

export interface CitedEntry {
  id: number;
  date: string;
  time: string;
  /** Where it was captured: a live message's chat and id (null for an imported entry, whose message is not in a chat). */
  message: { chatId: number; messageId: number } | null;
}

/**
 * The owner's entries the sources name, in the order given, each once; a source that names no entry of theirs (another
 * kind of source, a forgotten entry) is left out, so nothing uncited or unknown is ever linked.
 */
export async function citedEntries(db: JournalDb, ownerId: number, sources: readonly string[]): Promise<CitedEntry[]> {
  const ids = [...new Set(sources.map(entryIdOfSource).filter((id): id is number => id !== undefined))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('entry')
    .select(['id', 'local_day', 'local_time', 'source', 'chat_id', 'message_id'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const message = r.source === 'live' ? { chatId: Number(r.chat_id), messageId: Number(r.message_id) } : null;
    return [{ id, date: r.local_day, time: r.local_time, message }];
  });
}
