/**
 * A Day One zip's media files (photos/, videos/, audios/, pdfs/, named by md5), unpacked into a folder for the
 * import to read as it reads an unzipped export's.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STALE_TEMP_FOLDER_MS, sweepStaleTempFolders } from '../../journal/stale-temp-folders.ts';
import { readZipMember, ZipError, type ZipMember } from './zip-reader.ts';
import { DAYONE_MEDIA_MEMBER } from '../../formats/dayone.ts';

/** The private folder a zip's media are unpacked into: named at once (the reader's mediaFolder), made when read. */
export function unpackFolder(): { path: string; create: () => Promise<string>; remove: () => Promise<void> } {
  const folder = path.join(tmpdir(), `${UNPACK_PREFIX}${randomUUID()}`);
  return {
    path: folder,
    create: async () => {
      // An import killed before its close left its plain media behind: gone once an hour has passed.
      await sweepStaleTempFolders({
        dir: tmpdir(),
        prefix: UNPACK_PREFIX,
        olderThanMs: STALE_TEMP_FOLDER_MS,
        now: new Date(),
      });
      // Not recursive: a folder of that name already there (never by chance) is an error, not shared.
      mkdirSync(folder, { mode: 0o700 });
      return folder;
    },
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** The start of an unpack folder's name; the sweep matches it exactly. */
const UNPACK_PREFIX = 'dayone-media-';

/**
 * Unpacks the zip's media files into `folder`, streamed one at a time, so the entries' `photos/<md5>.jpeg` paths are
 * read from there as from an unzipped export. A damaged member (a bad CRC, a bomb) or a symbolic link is left out:
 * its entries keep the medium as a label, counted missing. Each member is a moment's work, so `signal` is checked
 * between them.
 */
export async function unpackZipMedia(
  file: string,
  members: readonly ZipMember[],
  folder: string,
  maxMemberBytes?: number,
  signal?: AbortSignal,
): Promise<void> {
  for (const member of members) {
    // Stopped (Ctrl-C): the media not unpacked stay labels, and a re-import brings their bytes.
    if (signal?.aborted) return;
    if (member.symlink || !DAYONE_MEDIA_MEMBER.test(member.name)) continue;
    const target = path.join(folder, member.name);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await pipeline(
        Readable.from(readZipMember(file, member, maxMemberBytes)),
        createWriteStream(target, { mode: 0o600 }),
      );
    } catch (error) {
      rmSync(target, { force: true });
      if (!(error instanceof ZipError)) throw error;
    }
  }
}
