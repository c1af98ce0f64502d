/**
 * The one gate every picture made from a kept medium goes through (the web view's thumbnails, the model's viewMedia):
 * looked up by sha256 and variant in the database first; else the original is read, checked against the decoding
 * budget (scaled-image.ts checkDecodeBudget), scaled inside the concurrency gate, and kept. An original over the
 * budget is kept as such too, so a hostile picture costs one header read, once. Requests for the same picture at the
 * same time share one making.
 */
import type { JournalDb } from '../../db/open-database.ts';
import { readBlobWhole } from '../../db/media-blobs.ts';
import { keepPicture, readPicture, type StoredPicture } from '../../db/thumbnail-store.ts';
import { ImageTooLargeError, type ScaledImage, type ScalingGate } from './scaled-image.ts';

/** A picture made, or why none could be: over the budget (`too-large`, with the reason). */
export type MadePicture = { picture: ScaledImage & { mimeType: string } } | { tooLarge: string };

export interface PictureRecipe {
  /** What is made, as the cache keys it: `webp:640:75`, `jpeg:1568`. */
  variant: string;
  mimeType: string;
  /** Makes the picture from the original's bytes (scaleImage and friends; throws ImageTooLargeError over the budget). */
  make(original: Buffer): Promise<ScaledImage>;
}

export interface Pictures {
  /** The picture for a kept blob; sharp's error when its bytes are no picture (not kept: it may be read another day). */
  picture(sha256: string, recipe: PictureRecipe): Promise<MadePicture>;
}

const OVER_BUDGET = 'The picture is too large to decode within the budget.';

export function createPictures(deps: { db: JournalDb; gate: ScalingGate; clock: () => Date }): Pictures {
  const making = new Map<string, Promise<MadePicture>>();
  const fromStored = (stored: StoredPicture): MadePicture =>
    stored.data === null
      ? { tooLarge: OVER_BUDGET }
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
    return deps.gate.run(async () => {
      let made: StoredPicture;
      try {
        const image = await recipe.make(await readBlobWhole(deps.db, sha256));
        made = { mimeType: recipe.mimeType, width: image.width, height: image.height, data: image.data };
      } catch (error) {
        if (!(error instanceof ImageTooLargeError)) throw error;
        made = { mimeType: null, width: null, height: null, data: null };
      }
      await keepPicture(deps.db, sha256, recipe.variant, made, deps.clock());
      return fromStored(made);
    });
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
