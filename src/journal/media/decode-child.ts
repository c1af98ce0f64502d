/**
 * The decode pool's child process (decode-pool.ts forks it): it scales one picture at a time with sharp, inside the
 * decoding budget (scaled-image.ts), and answers over IPC. Its own process so that a decoder's native memory and time
 * are never the bot's or the web view's: the pool watches its memory and kills it when it passes the cap or the time.
 */
import sharp from 'sharp';
import { ImageTooLargeError, scaleForJob, type ScaleJob } from './scaled-image.ts';
import { errorReason } from '../../log/error-message.ts';

/** What the pool sends: one picture and what to make of it. */
export interface DecodeRequest {
  id: number;
  bytes: Uint8Array;
  job: ScaleJob;
}

/** What the child answers: the picture made, or why not (`tooLarge`: over the budget; else the decoder's error). */
export type DecodeAnswer =
  | { id: number; ok: true; data: Uint8Array; width: number; height: number }
  | { id: number; ok: false; tooLarge: boolean; message: string };

// One picture at a time, one libvips thread, no operation cache: the child's memory is that one picture's.
sharp.cache(false);
sharp.concurrency(1);

process.on('message', (request: DecodeRequest) => {
  void scaleForJob(Buffer.from(request.bytes), request.job).then(
    (image) => answer({ id: request.id, ok: true, data: image.data, width: image.width, height: image.height }),
    (error: unknown) =>
      answer({
        id: request.id,
        ok: false,
        tooLarge: error instanceof ImageTooLargeError,
        message: errorReason(error),
      }),
  );
});

// The pool went away (the process stopped, or it let this child go when idle): nothing is left to do.
process.on('disconnect', () => process.exit(0));

function answer(message: DecodeAnswer): void {
  process.send?.(message);
}
