/**
 * `npm run -s journal -- media <entry id> [--index N]`: a medium's kept bytes to stdout, streamed a chunk at a time.
 * No such entry, no medium at that index, or bytes not kept: one sentence on stderr (through the caller) and exit 1.
 */
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import type { JournalDb } from '../db/journal-database.ts';
import { readBlob } from '../db/media-blobs.ts';
import { entryMediumAt } from '../journal/media/entry-media.ts';
import { formatBytes } from '../journal/media/media.ts';
import { UsageError } from './command-line.ts';

/** A failure of the media command that is the user's to know about (not a fault of the program). */
export class MediaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaUnavailableError';
  }
}

function wholeNumber(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d{1,15}$/.test(text))
    throw new UsageError(`${what} must be a whole number (got ${text === undefined ? 'nothing' : `"${text}"`}).`);
  return Number(text);
}

export async function mediaCommand(
  db: JournalDb,
  ownerId: number,
  rest: string[],
  index: string | undefined,
  out: Writable,
): Promise<void> {
  const entryId = wholeNumber(rest[0], 'The entry id');
  const at = index === undefined ? 0 : wholeNumber(index, '--index');
  const entry = await db
    .selectFrom('entry')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', '=', entryId)
    .executeTakeFirst();
  if (!entry) throw new MediaUnavailableError(`There is no entry ${entryId} in this journal.`);
  const medium = await entryMediumAt(db, ownerId, entryId, at);
  if (!medium) {
    const count = (await db.selectFrom('entry_media').select('id').where('entry_id', '=', entryId).execute()).length;
    throw new MediaUnavailableError(
      count === 0
        ? `Entry ${entryId} has no media.`
        : `Entry ${entryId} has ${count} media (--index 0 to ${count - 1}); there is none at --index ${at}.`,
    );
  }
  if (medium.state !== 'kept' || medium.sha256 === null) {
    const why =
      medium.state === 'pending'
        ? 'its download is still waiting (it is retried until it arrives)'
        : (medium.note ?? 'only a reference to it is kept');
    throw new MediaUnavailableError(
      `The ${medium.kind.replace('_', ' ')} of entry ${entryId} (--index ${at}) has no bytes in the journal: ${why}.`,
    );
  }
  let written = 0;
  for await (const chunk of readBlob(db, medium.sha256)) {
    written += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  if (written !== medium.size && medium.size !== null)
    throw new Error(`read ${formatBytes(written)} of ${formatBytes(medium.size)}: the stored bytes are incomplete`);
}
