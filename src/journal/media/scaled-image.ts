/**
 * A photo scaled down with sharp: the camera's orientation applied, the long edge at most a given size (never
 * enlarged), re-encoded. One helper for every picture the journal makes from a kept photo: what the model looks at
 * (view-media-method.ts) and the web view's thumbnails.
 */
import sharp from 'sharp';
import { DECODED_FORMATS, sniffPicture } from './picture-format.ts';

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
 * What decoding a picture may hold at once. A baseline JPEG or a non-interlaced PNG is read sequentially (libvips
 * streams its rows, and shrinks a JPEG on load), so only its pixel count is bounded. Every other picture (an interlaced
 * PNG, a progressive JPEG, AVIF and HEIC, GIF, WebP, TIFF) is decoded whole: its decoded bytes — pixels × channels ×
 * bytes per sample (16-bit counts twice) — are bounded too.
 */
export const MAX_WHOLE_DECODE_BYTES = 96 * 1024 * 1024;

/** An animated picture's frames: at most this many, and all of them together within MAX_INPUT_PIXELS. */
export const MAX_FRAMES = 200;

/** How long one picture may take to decode and scale (sharp stops it; the decode pool kills what does not stop). */
export const DECODE_SECONDS = 15;

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

/** Read row by row with a bounded working set: a baseline JPEG, a non-interlaced PNG. */
const STREAMED_FORMATS = new Set(['jpeg', 'png']);

/**
 * Reads the picture's header only and throws ImageTooLargeError when decoding it would pass the budget (or when it is
 * no format the journal decodes: an SVG is never rasterised); returns whether it can be read sequentially.
 */
export async function checkDecodeBudget(bytes: Buffer): Promise<{ sequential: boolean }> {
  const sniffed = sniffPicture(bytes);
  if (!(DECODED_FORMATS as readonly string[]).includes(sniffed.format))
    throw new ImageTooLargeError(
      `The picture is ${sniffed.format === 'svg' ? 'an SVG' : 'in a format'} the journal does not decode.`,
    );
  const meta = await sharp(bytes, { failOn: 'none', limitInputPixels: false }).metadata();
  if (meta.format !== sniffed.format)
    throw new ImageTooLargeError(`The picture reads as ${meta.format}, not the ${sniffed.format} its bytes begin as.`);
  const frames = Math.max(1, meta.pages ?? 1);
  if (frames > MAX_FRAMES) throw new ImageTooLargeError(`The picture has ${frames} frames, more than ${MAX_FRAMES}.`);
  const framePixels = (meta.width ?? 0) * (meta.height ?? 0);
  const pixels = framePixels * frames;
  if (pixels > MAX_INPUT_PIXELS)
    throw new ImageTooLargeError(
      `The picture has ${Math.round(pixels / 1e6)} MP, more than ${MAX_INPUT_PIXELS / 1e6} MP.`,
    );
  const decoded = framePixels * Math.max(meta.channels ?? 4, 3) * (SAMPLE_BYTES[meta.depth ?? 'uchar'] ?? 8);
  const sequential = STREAMED_FORMATS.has(meta.format ?? '') && meta.isProgressive !== true;
  if (!sequential && decoded > MAX_WHOLE_DECODE_BYTES) {
    const how = meta.isProgressive === true ? 'interlaced' : `a ${meta.format} picture, decoded whole,`;
    throw new ImageTooLargeError(
      `The picture is ${how} and would take ${Math.round(decoded / 2 ** 20)} MB decoded (the budget is ${MAX_WHOLE_DECODE_BYTES / 2 ** 20} MB).`,
    );
  }
  return { sequential };
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
  const pipeline = sharp(bytes, { failOn: 'none', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead, pages: 1 })
    .timeout({ seconds: DECODE_SECONDS })
    .rotate() // the camera's orientation, applied
    .resize({ width: options.longEdge, height: options.longEdge, fit: 'inside', withoutEnlargement: true });
  const encoded =
    options.format === 'jpeg'
      ? pipeline.jpeg({ quality: options.quality })
      : pipeline.webp({ quality: options.quality });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** What to make of a picture: its long edge and format, qualities tried in order until the bytes fit `maxBytes`. */
export interface ScaleJob {
  longEdge: number;
  format: 'jpeg' | 'webp';
  qualities: number[];
  maxBytes: number | null;
}

/** The picture a job asks for: the first quality whose bytes fit; ImageTooLargeError when none does. */
export async function scaleForJob(bytes: Buffer, job: ScaleJob): Promise<ScaledImage> {
  for (const quality of job.qualities) {
    const image = await scaleImage(bytes, { longEdge: job.longEdge, format: job.format, quality });
    if (job.maxBytes === null || image.data.length <= job.maxBytes) return image;
  }
  throw new ImageTooLargeError(
    `The picture stays over ${Math.round((job.maxBytes ?? 0) / 2 ** 20)} MB even scaled down.`,
  );
}

/** The size a `width` × `height` photo is scaled to by scaleImage with `longEdge` (for a page's img attributes). */
export function scaledSize(width: number, height: number, longEdge: number): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
