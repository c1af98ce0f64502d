// Photo scaling's bounds: a picture over the pixel limit, or interlaced past the whole-decode budget (16-bit counting
// twice), is refused from its header (viewMedia tells the model: test/media/view-media.test.ts). The decode pool's
// slots, memory cap and time limit: test/journal/decode-pool.test.ts.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  checkDecodeBudget,
  ImageTooLargeError,
  MAX_INPUT_PIXELS,
  MAX_WHOLE_DECODE_BYTES,
  scaleImage,
} from '../../src/journal/media/scaled-image.ts';
import { imageForModel } from '../../src/journal/media/view-media-method.ts';
import { blackPng } from '../helpers/black-png.ts';

describe('the pixel limit', () => {
  // 12000 × 9000 = 108 MP: over the limit, though under sharp's own default (268 MP), which would decode it.
  const huge = blackPng(12_000, 9_000);

  it('refuses a picture over it, and viewMedia tells the model so', async () => {
    expect(12_000 * 9_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    await expect(scaleImage(huge, { longEdge: 640, format: 'webp', quality: 75 })).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
    const refusal = await imageForModel(huge).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImageTooLargeError);
    expect((refusal as Error).message).toMatch(/^The picture has 108 MP, more than 100 MP/);
  });

  it('counts bit depth and interlacing: a 16-bit interlaced PNG past the whole-decode budget is refused from its header', async () => {
    // 4000 × 4000 × 3 channels × 2 bytes = 96 MB… decoded whole (interlaced): over MAX_WHOLE_DECODE_BYTES.
    const interlaced16 = await sharp({ create: { width: 4200, height: 4200, channels: 3, background: '#336699' } })
      .toColourspace('rgb16')
      .png({ progressive: true, compressionLevel: 1 })
      .toBuffer();
    expect(4200 * 4200 * 3 * 2).toBeGreaterThan(MAX_WHOLE_DECODE_BYTES);
    await expect(checkDecodeBudget(interlaced16)).rejects.toThrow(/interlaced and would take \d+ MB decoded/);
    // The same pixels, not interlaced, are read sequentially and scaled.
    const plain16 = await sharp(interlaced16).png({ progressive: false, compressionLevel: 1 }).toBuffer();
    await expect(checkDecodeBudget(plain16)).resolves.toEqual({ sequential: true });
    await expect(scaleImage(plain16, { longEdge: 64, format: 'webp', quality: 50 })).resolves.toMatchObject({
      width: 64,
      height: 64,
    });
  }, 60_000);
});
