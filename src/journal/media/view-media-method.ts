/**
 * JournalCollection.viewMedia: lets the model look at a photo of an entry of the view. The kept bytes are scaled so
 * the long edge is at most 1568 px (what the Messages API reads without scaling it down again) and re-encoded as JPEG
 * under 5 MB, then travel as an image beside a small value; a voice or video note gives its transcript instead.
 * The entry counts as sent in the ledger, with its picture.
 */
import { z } from 'zod';
import type { JournalDb } from '../../db/journal-database.ts';
import { methodsFor, type MethodDefinition } from '../../objects/kind.ts';
import { ObjectError } from '../../objects/object-error.ts';
import { entryMediumAt } from './entry-media.ts';
import { entryInView } from '../views/entry-in-view.ts';
import type { JournalView } from '../views/journal-view.ts';
import { formatBytes, isSpeech } from './media.ts';
import type { PictureRecipe, Pictures } from './picture-cache.ts';
import { scaleForJob, type ScaledImage, type ScaleJob } from './scaled-image.ts';

/** The Messages API's best long edge, and its limit on one image's bytes (5 MB, base64 not counted). */
export const IMAGE_LONG_EDGE = 1568;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const viewMediaArgs = z.strictObject({
  entryId: z
    .number({ error: 'entryId is required: an entry id from getEntries or getEntriesForDay' })
    .int({ error: 'entryId must be a whole number' }),
  index: z
    .number({ error: 'index must be a whole number, 0 for the first medium' })
    .int()
    .min(0, { error: 'index must be 0 or more' })
    .default(0),
});

/** A photo as the model should see it: JPEG, long edge ≤ IMAGE_LONG_EDGE, under IMAGE_MAX_BYTES (quality lowered until it is). */
const MODEL_JOB: ScaleJob = {
  longEdge: IMAGE_LONG_EDGE,
  format: 'jpeg',
  qualities: [85, 70, 55, 40],
  maxBytes: IMAGE_MAX_BYTES,
};

/** The model's picture made in this process (tests); throws ImageTooLargeError over the decoding budget. */
export const imageForModel = (bytes: Buffer): Promise<ScaledImage> => scaleForJob(bytes, MODEL_JOB);

/** The model's picture of a photo, through the same budget, decode pool and cache as the web view's thumbnails. */
const MODEL_PICTURE: PictureRecipe = { variant: `jpeg:${IMAGE_LONG_EDGE}`, mimeType: 'image/jpeg', job: MODEL_JOB };

export function viewMediaMethod(db: JournalDb, pictures: Pictures): MethodDefinition<JournalView> {
  return methodsFor<JournalView>()({
    name: 'viewMedia',
    signature: 'viewMedia(entryId: number, index?: number) -> image | transcript',
    description: "an entry's photo (index from 0, as getEntry lists its media), or a voice note's transcript.",
    args: viewMediaArgs,
    run: async (view, args, ctx) => {
      const entry = await entryInView(db, ctx.ownerId, view, args.entryId);
      const medium = await entryMediumAt(db, ctx.ownerId, entry.id, args.index);
      if (!medium)
        throw new ObjectError(
          `Entry ${entry.id} has no medium at index ${args.index}; getEntry(${entry.id}) lists its media.`,
        );
      const about = { entryId: entry.id, index: args.index, kind: medium.kind };
      if (isSpeech(medium.kind) || medium.kind === 'audio') {
        const row = await db.selectFrom('entry').select('transcribed_at').where('id', '=', entry.id).executeTakeFirst();
        if (!row?.transcribed_at)
          return { value: { ...about, transcript: null, note: 'No transcript of it is kept.' } };
        return { value: { ...about, transcript: entry.content }, carries: [{ id: entry.id, day: entry.date }] };
      }
      if (medium.kind !== 'photo')
        throw new ObjectError(
          `Medium ${args.index} of entry ${entry.id} is a ${medium.kind.replace('_', ' ')}; only photos can be looked at.`,
        );
      if (medium.state !== 'kept' || !medium.sha256) {
        throw new ObjectError(
          `The photo's bytes are not in the journal (${medium.state === 'pending' ? 'its download is still waiting' : (medium.note ?? 'only a reference is kept')}).`,
        );
      }
      const made = await pictures.picture(medium.sha256, MODEL_PICTURE);
      if ('tooLarge' in made) throw new ObjectError(`This photo is too large to look at: ${made.tooLarge}`);
      const image = made.picture;
      return {
        value: {
          ...about,
          width: image.width,
          height: image.height,
          originalBytes: formatBytes(medium.size ?? 0),
          note: 'The photo is attached as an image.',
        },
        carries: [{ id: entry.id, day: entry.date, images: 1 }],
        images: [{ mediaType: 'image/jpeg', data: image.data.toString('base64') }],
      };
    },
  });
}
