/**
 * An export to a folder carries the media it references: `media/<sha256>.<extension>` beside the export, one file per
 * kept blob of the owner (the same bytes once), streamed a chunk at a time. Private like the export (0700, 0600).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { JournalDb } from '../db/journal-database.ts';
import { readBlob } from '../db/media-blobs.ts';
import { mediaExtension } from '../journal/media/media.ts';
import type { ExportFile } from './parted-output.ts';

/**
 * Writes every kept medium of the owner into `<dir>/media/` (of one journal's entries, when `journal` is given, so a
 * journal's export carries no other journal's photos); the files it wrote.
 */
/** How many kept media (with bytes) the owner's journal, or one journal, holds: what an export to one file leaves out. */
export async function countKeptMedia(db: JournalDb, ownerId: number, journal?: string): Promise<number> {
  const row = await db
    .selectFrom('entry_media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entry_media.owner_id', '=', ownerId)
    .where('entry_media.state', '=', 'kept')
    .$if(journal !== undefined, (q) =>
      q.innerJoin('entry', 'entry.id', 'entry_media.entry_id').where('entry.journal', '=', journal!),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function writeMediaFolder(
  db: JournalDb,
  ownerId: number,
  dir: string,
  journal?: string,
): Promise<ExportFile[]> {
  const kept = await db
    .selectFrom('entry_media')
    .select([
      'entry_media.sha256',
      'entry_media.mime_type',
      'entry_media.file_name',
      'entry_media.kind',
      'entry_media.size',
    ])
    .where('entry_media.owner_id', '=', ownerId)
    .where('entry_media.state', '=', 'kept')
    .where('entry_media.sha256', 'is not', null)
    .$if(journal !== undefined, (q) =>
      q.innerJoin('entry', 'entry.id', 'entry_media.entry_id').where('entry.journal', '=', journal!),
    )
    .orderBy('entry_media.id')
    .execute();
  if (kept.length === 0) return [];
  const folder = path.join(dir, 'media');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const written: ExportFile[] = [];
  const seen = new Set<string>();
  for (const m of kept) {
    // Named as the export's media_items name it (read-journal.ts exportMediaPath).
    const name = `${m.sha256}${mediaExtension(m.mime_type, m.file_name, m.kind)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const file = path.join(folder, name);
    await pipeline(Readable.from(readBlob(db, m.sha256!)), createWriteStream(file, { mode: 0o600 }));
    written.push({ path: file, bytes: Number(m.size ?? 0) });
  }
  return written;
}
