/**
 * The one gate every picture made from a kept medium goes through (the web view's thumbnails, the model's viewMedia,
 * for live and imported media alike): looked up by sha256 and variant in the database first; else the original is
 * read, its format sniffed (picture-format.ts: an SVG or an unknown format is never decoded), and it is scaled in the
 * decode pool's child processes (decode-pool.ts: the decoding budget, a memory cap, a time limit, a slot kept for
 * small photos), and kept. A picture that cannot be made (over the budget, a decoder error, its child killed) is kept
 * as such too, so a hostile or broken picture costs one attempt, once. Requests for the same picture at the same time
 * share one making.
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { readBlobWhole } from '../../db/media-blobs.ts';
import { keepPicture, readPicture, type StoredPicture } from '../../db/thumbnail-store.ts';
import { DecodeFailedError, type DecodePool } from './decode-pool.ts';
import { DECODED_FORMATS, isSmallPicture, sniffPicture } from './picture-format.ts';
import { ImageTooLargeError, type ScaledImage, type ScaleJob } from './scaled-image.ts';

/** A picture made, or why none could be (`tooLarge`: over the budget or not decodable, with the reason). */
export type MadePicture = { picture: ScaledImage & { mimeType: string } } | { tooLarge: string };

export interface PictureRecipe {
  /** What is made, as the cache keys it: `webp:640:75`, `jpeg:1568`. */
  variant: string;
  mimeType: string;
  /** What the decode pool makes from the original's bytes. */
  job: ScaleJob;
}

export interface Pictures {
  /** The picture for a kept blob, or why none can be made (remembered: never attempted again). */
  picture(sha256: string, recipe: PictureRecipe): Promise<MadePicture>;
}

const NOT_MADE = 'The picture cannot be decoded within the budget.';

export function createPictures(deps: { db: JournalDb; pool: DecodePool; clock: () => Date }): Pictures {
  const making = new Map<string, Promise<MadePicture>>();
  const fromStored = (stored: StoredPicture, reason = NOT_MADE): MadePicture =>
    stored.data === null
      ? { tooLarge: reason }
      : {
          picture: {
            data: stored.data,
            width: stored.width ?? 0,
            height: stored.height ?? 0,
            mimeType: stored.mimeType ?? 'application/octet-stream',
          },
        };

  async function make(sha256: string, recipe: PictureRecipe): Promise<MadePicture> {
    const stored = await readPicture(deps.db, sha256, recipe.variant);
    if (stored) return fromStored(stored);
    const original = await readBlobWhole(deps.db, sha256);
    const sniffed = sniffPicture(original);
    let made: StoredPicture;
    let reason = NOT_MADE;
    try {
      if (!(DECODED_FORMATS as readonly string[]).includes(sniffed.format))
        throw new ImageTooLargeError(
          sniffed.format === 'svg'
            ? 'An SVG is never rasterised: it may ask for any amount of work.'
            : 'The picture is in a format the journal does not decode.',
        );
      const image = await deps.pool.decode(original, recipe.job, isSmallPicture(sniffed) ? 'small' : 'general');
      made = { mimeType: recipe.mimeType, width: image.width, height: image.height, data: image.data };
    } catch (error) {
      if (!(error instanceof ImageTooLargeError) && !(error instanceof DecodeFailedError)) throw error;
      reason = error.message;
      made = { mimeType: null, width: null, height: null, data: null };
    }
    await keepPicture(deps.db, sha256, recipe.variant, made, deps.clock());
    return fromStored(made, reason);
  }

  return {
    picture(sha256, recipe) {
      const key = `${sha256} ${recipe.variant}`;
      const inFlight = making.get(key);
      if (inFlight) return inFlight;
      const promise = make(sha256, recipe).finally(() => making.delete(key));
      making.set(key, promise);
      return promise;
    },
  };
}
