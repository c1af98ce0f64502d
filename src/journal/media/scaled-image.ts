/**
 * A photo scaled down with sharp: the camera's orientation applied, the long edge at most a given size (never
 * enlarged), re-encoded. One helper for every picture the journal makes from a kept photo: what the model looks at
 * (view-media-method.ts) and the web view's thumbnails.
 */
import sharp from 'sharp';

export interface ScaledImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ScaleOptions {
  /** The longest edge of the result, in pixels; a smaller photo keeps its size. */
  longEdge: number;
  /** JPEG for the Messages API; WebP for browsers (smaller, and keeps a PNG's transparency). */
  format: 'jpeg' | 'webp';
  quality: number;
}

/**
 * The most pixels a photo may have to be scaled: 100 MP (a phone's photo is 12–50 MP). sharp reads the size from the
 * header and refuses before decoding, so a huge (or hostile) picture never costs its decoded gigabyte.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * What decoding a picture may hold at once. A non-interlaced picture is read sequentially (libvips streams its rows,
 * and shrinks a JPEG on load), so only its pixel count is bounded. An interlaced PNG or progressive JPEG must be
 * decoded whole: its decoded bytes — pixels × channels × bytes per sample (16-bit counts twice) — are bounded too.
 */
export const MAX_WHOLE_DECODE_BYTES = 96 * 1024 * 1024;

/** A picture over the budget: callers answer with the original bytes, or say it cannot be looked at. */
export class ImageTooLargeError extends Error {}

const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * Reads the picture's header only and throws ImageTooLargeError when decoding it would pass the budget; returns
 * whether it can be read sequentially.
 */
export async function checkDecodeBudget(bytes: Buffer): Promise<{ sequential: boolean }> {
  const meta = await sharp(bytes, { failOn: 'none', limitInputPixels: false }).metadata();
  const pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  if (pixels > MAX_INPUT_PIXELS)
    throw new ImageTooLargeError(
      `The picture has ${Math.round(pixels / 1e6)} MP, more than ${MAX_INPUT_PIXELS / 1e6} MP.`,
    );
  const decoded = pixels * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? 'uchar'] ?? 8);
  const interlaced = meta.isProgressive === true;
  if (interlaced && decoded > MAX_WHOLE_DECODE_BYTES) {
    throw new ImageTooLargeError(
      `The picture is interlaced and would take ${Math.round(decoded / 2 ** 20)} MB decoded (the budget is ${MAX_WHOLE_DECODE_BYTES / 2 ** 20} MB).`,
    );
  }
  return { sequential: !interlaced };
}

/**
 * At most `atOnce` pictures are scaled at a time; the rest wait their turn, first come first served. Each scaling holds
 * the whole photo and its decoded pixels, so the gate bounds memory under a burst (a day page's fifty thumbnails).
 * One per user of scaleImage that serves many at once (the web view), passed in, never module-wide.
 */
export interface ScalingGate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createScalingGate(atOnce: number): ScalingGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await work();
      } finally {
        // A waiter takes over this slot (running stays the same); with none waiting, the slot is given back.
        if (waiting.length > 0) waiting.shift()!();
        else running -= 1;
      }
    },
  };
}

/**
 * The photo scaled and re-encoded; throws ImageTooLargeError over the decoding budget (checkDecodeBudget), and sharp's
 * error when the bytes are no image sharp can read.
 */
export async function scaleImage(bytes: Buffer, options: ScaleOptions): Promise<ScaledImage> {
  const { sequential } = await checkDecodeBudget(bytes);
  try {
    return await scaled(bytes, options, sequential);
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new ImageTooLargeError(`The picture has more than ${MAX_INPUT_PIXELS / 1e6} MP (${error.message}).`);
    throw error;
  }
}

async function scaled(bytes: Buffer, options: ScaleOptions, sequentialRead: boolean): Promise<ScaledImage> {
  const pipeline = sharp(bytes, { failOn: 'none', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead })
    .rotate() // the camera's orientation, applied
    .resize({ width: options.longEdge, height: options.longEdge, fit: 'inside', withoutEnlargement: true });
  const encoded =
    options.format === 'jpeg'
      ? pipeline.jpeg({ quality: options.quality })
      : pipeline.webp({ quality: options.quality });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The size a `width` × `height` photo is scaled to by scaleImage with `longEdge` (for a page's img attributes). */
export function scaledSize(width: number, height: number, longEdge: number): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
