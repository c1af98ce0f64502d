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

/** The photo scaled and re-encoded; throws (sharp's error) when the bytes are no image sharp can read. */
export async function scaleImage(bytes: Buffer, options: ScaleOptions): Promise<ScaledImage> {
  const pipeline = sharp(bytes, { failOn: 'none' })
    .rotate() // the camera's orientation, applied
    .resize({ width: options.longEdge, height: options.longEdge, fit: 'inside', withoutEnlargement: true });
  const encoded = options.format === 'jpeg' ? pipeline.jpeg({ quality: options.quality }) : pipeline.webp({ quality: options.quality });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The size a `width` × `height` photo is scaled to by scaleImage with `longEdge` (for a page's img attributes). */
export function scaledSize(width: number, height: number, longEdge: number): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
