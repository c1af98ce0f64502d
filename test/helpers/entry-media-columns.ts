/** Entries with their first medium's fields under the names the entry's single media columns had (media_kind, …). */
import type { JournalDb } from '../../src/db/journal-database.ts';

export function entriesWithMedia(db: JournalDb) {
  return db
    .selectFrom('entry')
    .leftJoin('entry_media as m', (join) => join.onRef('m.entry_id', '=', 'entry.id').on('m.position', '=', 0))
    .selectAll('entry')
    .select([
      'm.kind as media_kind',
      'm.file_id as media_file_id',
      'm.file_name as media_file_name',
      'm.duration_seconds as media_duration_seconds',
      'm.size as media_file_size',
    ]);
}
