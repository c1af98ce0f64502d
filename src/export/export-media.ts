/**
 * An export to a folder carries the media it references: `media/<sha256>.<extension>` beside the export, one file per
 * kept blob of the owner (the same bytes once), streamed a chunk at a time. Private like the export (0700, 0600).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { JournalDb } from '../db/open-database.ts';
import { readBlob } from '../db/media-blobs.ts';
import { mediaExtension, type MediaKind } from '../journal/media.ts';
import type { ExportFile } from './parted-output.ts';

/** Writes every kept medium of the owner into `<dir>/media/`; the files it wrote. */
export async function writeMediaFolder(db: JournalDb, ownerId: number, dir: string): Promise<ExportFile[]> {
  const kept = await db
    .selectFrom('entry_media')
    .select(['sha256', 'mime_type', 'file_name', 'kind', 'size'])
    .where('owner_id', '=', ownerId)
    .where('state', '=', 'kept')
    .where('sha256', 'is not', null)
    .orderBy('id')
    .execute();
  if (kept.length === 0) return [];
  const folder = path.join(dir, 'media');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const written: ExportFile[] = [];
  const seen = new Set<string>();
  for (const m of kept) {
    // Named as the export's media_items name it (read-journal.ts exportMediaPath).
    const name = `${m.sha256}${mediaExtension(m.mime_type, m.file_name, m.kind as MediaKind)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const file = path.join(folder, name);
    await pipeline(Readable.from(readBlob(db, m.sha256!)), createWriteStream(file, { mode: 0o600 }));
    written.push({ path: file, bytes: Number(m.size ?? 0) });
  }
  return written;
}
