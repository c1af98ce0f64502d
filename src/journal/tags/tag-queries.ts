/** getTags: a view's hashtags with their entry counts, most used first. */
import { sql } from 'kysely';
import type { JournalDb } from '../../db/journal-database.ts';
import { viewRows } from '../views/entry-queries.ts';
import type { JournalView } from '../views/journal-view.ts';

/** The most tags getTags lists; the rest are counted. */
export const MAX_TAGS_LISTED = 100;

export interface TagCount {
  tag: string;
  entries: number;
}

/** The view's tags, most used first, at most `limit`, and how many distinct tags there are. */
export async function countTags(
  db: JournalDb,
  ownerId: number,
  view: JournalView,
  limit: number,
): Promise<{ tags: TagCount[]; distinct: number }> {
  let query = db.selectFrom('entry_tag').where('entry_tag.owner_id', '=', ownerId);
  // The whole journal counts on the tag index alone; any filter (a journal, dates, words, tags) goes through the view.
  const whole = Object.keys(view).length === 0;
  if (!whole) query = query.where('entry_tag.entry_id', 'in', viewRows(db, ownerId, view).select('id'));
  const rows = await query
    .select((eb) => [
      'entry_tag.tag',
      eb.fn.countAll<number>().as('entries'),
      sql<number>`count(*) over ()`.as('distinct'),
    ])
    .groupBy('entry_tag.tag')
    .orderBy('entries', 'desc')
    .orderBy('entry_tag.tag')
    .limit(limit)
    .execute();
  return {
    tags: rows.map((r) => ({ tag: r.tag, entries: Number(r.entries) })),
    distinct: Number(rows[0]?.distinct ?? 0),
  };
}
