/**
 * The entries written just before and just after one entry, in journal order (local day, written time, id: the order
 * getEntries pages in), across the owner's whole journal or one journal of it. Read on the (owner, day, time) indexes:
 * a few rows each way, whatever the journal's size.
 */
import { sql } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import type { JournalEntryValue } from './entry-queries.ts';

export interface EntryAnchor {
  id: number;
  date: string;
  writtenAt: string;
  journal: string;
}

/** Where an entry of the owner sits in journal order, and its journal; undefined when the owner has no such entry. */
export async function entryAnchor(db: JournalDb, ownerId: number, id: number): Promise<EntryAnchor | undefined> {
  const row = await db
    .selectFrom('entry')
    .select(['id', 'local_day', 'written_at', 'journal'])
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: Number(row.id), date: row.local_day, writtenAt: row.written_at, journal: row.journal };
}

/** Up to `count` entries on one side of the anchor, nearest first; `journal`: that journal's alone. */
export async function neighbours(
  db: JournalDb,
  ownerId: number,
  anchor: EntryAnchor,
  { side, count, journal }: { side: 'before' | 'after'; count: number; journal: string | undefined },
): Promise<JournalEntryValue[]> {
  if (count === 0) return [];
  const key = sql`(${anchor.date}, ${anchor.writtenAt}, ${anchor.id})`;
  const row = sql`(local_day, written_at, id)`;
  const direction = side === 'before' ? 'desc' : 'asc';
  let query = db
    .selectFrom('entry')
    .select(['id', 'local_day as date', 'local_time as time', 'title', 'content'])
    .where('owner_id', '=', ownerId)
    .where(side === 'before' ? sql<boolean>`${row} < ${key}` : sql<boolean>`${row} > ${key}`);
  if (journal !== undefined) query = query.where('journal', '=', journal);
  const rows = await query
    .orderBy('local_day', direction)
    .orderBy('written_at', direction)
    .orderBy('id', direction)
    .limit(count)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
