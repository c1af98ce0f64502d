/**
 * Entries written outside Telegram's chat (the web view's form and the Mini App): a new entry, its photos' bytes kept
 * in the journal as a captured photo's are (db/media-blobs.ts), all in one transaction, so a failure leaves nothing
 * half-written; and an edit that keeps the earlier text as a revision, as an edit in Telegram does (entry-store.ts).
 */
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { JournalDb } from '../../db/journal-database.ts';
import { insertEntryMedia } from '../media/entry-media.ts';
import { keepMediaBytes } from '../media/imported-media.ts';
import { checkDecodeBudget, ImageTooLargeError } from '../media/scaled-image.ts';
import { DECODED_FORMATS, sniffPicture } from '../media/picture-format.ts';
import { insertTags } from '../tags/entry-tags.ts';
import { hashtagsOf } from '../tags/hashtags.ts';
import { entryRowFromDraft, type EntryDraft } from './entry.ts';
import { messageIdOf, SOURCE_CHAT_IDS } from './entry-source.ts';
import { reviseEntry } from './entry-store.ts';

/** The picture formats a written entry's photo may have: what browsers show and the thumbnails read. */
const PHOTO_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/heic',
  avif: 'image/avif',
};

/** A photo as uploaded: its bytes and the name it had. */
export interface PhotoUpload {
  bytes: Buffer;
  name: string;
}

/** A photo that is no picture we can read, or too large to decode: says which and why. */
export class PhotoRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoRefusedError';
  }
}

interface CheckedPhoto {
  bytes: Buffer;
  name: string;
  mimeType: string;
  width: number;
  height: number;
}

/** Reads each photo's header: its format and size, or a PhotoRefusedError naming the file. */
export async function checkPhotos(photos: readonly PhotoUpload[]): Promise<CheckedPhoto[]> {
  const checked: CheckedPhoto[] = [];
  for (const photo of photos) {
    const named = photo.name === '' ? 'a photo' : `"${photo.name.slice(0, 80)}"`;
    let meta: Metadata;
    // Not a format the journal decodes (text, SVG, …): not a picture at all, rather than one too large.
    const unreadable = `${named} is not a picture that can be read (JPEG, PNG, WebP, GIF, HEIC or AVIF).`;
    if (!(DECODED_FORMATS as readonly string[]).includes(sniffPicture(photo.bytes).format))
      throw new PhotoRefusedError(unreadable);
    try {
      await checkDecodeBudget(photo.bytes);
      meta = await sharp(photo.bytes, { failOn: 'none', limitInputPixels: false }).metadata();
    } catch (error) {
      if (error instanceof ImageTooLargeError) throw new PhotoRefusedError(`${named} is too large: ${error.message}`);
      throw new PhotoRefusedError(unreadable);
    }
    const mimeType = meta.format === undefined ? undefined : PHOTO_FORMATS[meta.format];
    if (!mimeType || !meta.width || !meta.height)
      throw new PhotoRefusedError(`${named} is not a photo in JPEG, PNG, WebP, GIF, HEIC or AVIF.`);
    checked.push({ bytes: photo.bytes, name: photo.name, mimeType, width: meta.width, height: meta.height });
  }
  return checked;
}

export interface WrittenEntry {
  ownerId: number;
  /** The stored journal name ('' the main journal). */
  journal: string;
  text: string;
  photos: readonly PhotoUpload[];
}

/** Stores an entry written now, with its photos' bytes kept; returns its id and day. */
export async function writeEntry(
  db: JournalDb,
  written: WrittenEntry,
  settings: { timeZone: string; dayStartsAt: string },
  now: Date,
): Promise<{ id: number; day: string }> {
  const photos = await checkPhotos(written.photos);
  // Its own id, as an import's: the web's entries have a chat of their own, and a message id from that id.
  const sourceId = randomUUID();
  const draft: EntryDraft = {
    ownerId: written.ownerId,
    source: 'live',
    chatId: SOURCE_CHAT_IDS.web,
    messageId: messageIdOf(sourceId),
    writtenAt: now,
    text: written.text,
    sourceApp: 'web',
    sourceId,
    journal: written.journal,
  };
  const row = entryRowFromDraft(draft, settings.timeZone, now, settings.dayStartsAt);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('entry').values(row).returning('id').executeTakeFirstOrThrow();
    const entry = { id, ownerId: written.ownerId };
    await insertTags(trx, entry, hashtagsOf(written.text));
    await insertEntryMedia(
      trx,
      entry,
      photos.map((p) => ({
        kind: 'photo' as const,
        fileId: null,
        fileName: p.name === '' ? null : p.name.slice(0, 200),
        durationSeconds: null,
        fileSize: p.bytes.length,
        mimeType: p.mimeType,
        width: p.width,
        height: p.height,
      })),
      0,
      { now },
    );
    const rows = await trx
      .selectFrom('entry_media')
      .select('id')
      .where('entry_id', '=', id)
      .orderBy('position')
      .execute();
    for (const [i, photo] of photos.entries()) {
      const mediaId = rows[i]!.id;
      await keepMediaBytes(trx, mediaId, [photo.bytes], now);
    }
    return { id, day: row.local_day };
  });
}

/**
 * Gives the owner's entry new text, the text it had kept as a revision; `unchanged` when the text is the same, null
 * when they have no such entry.
 */
export async function editEntry(
  db: JournalDb,
  ownerId: number,
  entryId: number,
  text: string,
  now: Date,
): Promise<'revised' | 'unchanged' | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('entry')
      .select(['id', 'owner_id', 'title', 'content'])
      .where('id', '=', entryId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!current) return null;
    if (current.content === text) return 'unchanged';
    await reviseEntry(trx, current, text, now);
    return 'revised';
  });
}
