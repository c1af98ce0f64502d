// The decode pool (src/journal/media/decode-pool.ts): pictures are scaled in child processes; a child past its memory
// cap or time limit is killed and the picture fails (DecodeFailedError), the next picture getting a fresh child; a
// small photo takes the kept slot while hostile pictures hold the general ones. And the budget per format, read from the
// header before any decoding: SVG never rasterised, frames, and decoded bytes for every format decoded whole.
import sharp, { type SharpInput } from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createDecodePool, DecodeFailedError, type DecodePool } from '../../src/journal/media/decode-pool.ts';
import { isSmallPicture, sniffPicture } from '../../src/journal/media/picture-format.ts';
import { checkDecodeBudget, ImageTooLargeError, type ScaleJob } from '../../src/journal/media/scaled-image.ts';

const JOB: ScaleJob = { longEdge: 64, format: 'webp', qualities: [60], maxBytes: null };
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });
const photo = () => flat(800, 600).jpeg().toBuffer();

describe('the decode pool', () => {
  let pool: DecodePool | undefined;
  afterEach(() => pool?.close());

  it('scales a photo in a child process, and refuses past the budget there too', { timeout: 60_000 }, async () => {
    pool = createDecodePool({
      slots: 1,
      keptSlots: 1,
      memoryCapBytes: 512 * 2 ** 20,
      timeLimitMs: 30_000,
      idleMs: 1000,
    });
    await expect(pool.decode(await photo(), JOB, 'small')).resolves.toMatchObject({ width: 64, height: 48 });
    const interlaced = await flat(6000, 6000).png({ progressive: true, compressionLevel: 1 }).toBuffer();
    await expect(pool.decode(interlaced, JOB, 'general')).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(pool.decode(Buffer.from('not a picture'), JOB, 'general')).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it('kills a child past its memory cap, and the next picture gets a new one', { timeout: 60_000 }, async () => {
    // 5000 × 5000 WebP, decoded whole: 75 MB, within the budget, over a 100 MB cap with the child's own ~60 MB.
    const webp = await flat(5000, 5000).png({ progressive: true, compressionLevel: 1 }).toBuffer();
    pool = createDecodePool({
      slots: 1,
      keptSlots: 0,
      memoryCapBytes: 100 * 2 ** 20,
      timeLimitMs: 30_000,
      idleMs: 1000,
    });
    const failure = await pool.decode(webp, JOB, 'general').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DecodeFailedError);
    expect((failure as Error).message).toBe('Decoding the picture took more than 100 MB.');
    await expect(pool.decode(await photo(), JOB, 'general')).resolves.toMatchObject({ width: 64 });
  });

  it('kills a child past the time limit', { timeout: 60_000 }, async () => {
    pool = createDecodePool({ slots: 1, keptSlots: 0, memoryCapBytes: 512 * 2 ** 20, timeLimitMs: 1, idleMs: 1000 });
    await expect(pool.decode(await photo(), JOB, 'general')).rejects.toThrow(
      new DecodeFailedError('Decoding the picture took more than 0.001 s.'),
    );
  });

  it('keeps a slot for small photos while slow pictures hold the general ones', { timeout: 90_000 }, async () => {
    const slow = await flat(5000, 5000).png({ progressive: true, compressionLevel: 1 }).toBuffer();
    pool = createDecodePool({
      slots: 1,
      keptSlots: 1,
      memoryCapBytes: 1024 * 2 ** 20,
      timeLimitMs: 60_000,
      idleMs: 1000,
    });
    const done: string[] = [];
    const slowOnes = [1, 2, 3].map((n) => pool!.decode(slow, JOB, 'general').then(() => done.push(`slow ${n}`)));
    const small = pool.decode(await photo(), JOB, 'small').then(() => done.push('small'));
    await Promise.all([...slowOnes, small]);
    expect(done.indexOf('small')).toBeLessThan(2);
  });
});

describe('the budget, per format, from the header', () => {
  it('sniffs formats by their bytes and knows a small plain photo', async () => {
    const jpeg = await photo();
    expect(sniffPicture(jpeg)).toEqual({ format: 'jpeg', width: 800, height: 600, plain: true });
    expect(isSmallPicture(sniffPicture(jpeg))).toBe(true);
    const progressive = await flat(800, 600).jpeg({ progressive: true }).toBuffer();
    expect(isSmallPicture(sniffPicture(progressive))).toBe(false);
    expect(sniffPicture(await flat(300, 200).png().toBuffer())).toEqual({
      format: 'png',
      width: 300,
      height: 200,
      plain: true,
    });
    expect(sniffPicture(await flat(300, 200).webp().toBuffer())).toMatchObject({
      format: 'webp',
      width: 300,
      height: 200,
    });
    expect(sniffPicture(await flat(300, 200).gif().toBuffer())).toMatchObject({
      format: 'gif',
      width: 300,
      height: 200,
    });
    expect(sniffPicture(await flat(30, 20).avif().toBuffer())).toEqual({ format: 'heif' });
    expect(sniffPicture(await flat(30, 20).tiff().toBuffer())).toEqual({ format: 'tiff' });
    expect(sniffPicture(Buffer.from('\uFEFF <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      format: 'svg',
    });
  });

  it('never rasterises an SVG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expect(checkDecodeBudget(svg)).rejects.toThrow(
      new ImageTooLargeError('The picture is an SVG the journal does not decode.'),
    );
  });

  it('counts the frames of an animated picture', { timeout: 60_000 }, async () => {
    const frames = Array.from({ length: 250 }, (_, i) => ({
      create: {
        width: 64,
        height: 64,
        channels: 3 as const,
        background: { r: i, g: (i * 37) % 256, b: (i * 91) % 256 },
      },
    }));
    const gif = await sharp(frames as unknown as SharpInput[], { join: { animated: true } })
      .gif({ effort: 1 })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(250);
    await expect(checkDecodeBudget(gif)).rejects.toThrow(
      new ImageTooLargeError('The picture has 250 frames, more than 200.'),
    );
  });

  it(
    'bounds the decoded bytes of every format decoded whole (WebP, TIFF, GIF, progressive JPEG)',
    { timeout: 90_000 },
    async () => {
      // 6000 × 6000 × 3 bytes = 103 MB decoded whole, over the 96 MB budget; a baseline JPEG of it streams.
      const big = () => flat(6000, 6000);
      for (const bytes of [
        await big().webp({ effort: 0, quality: 10 }).toBuffer(),
        await big().tiff({ compression: 'deflate' }).toBuffer(),
        await big().gif({ effort: 1 }).toBuffer(),
        await big().jpeg({ progressive: true, quality: 10 }).toBuffer(),
      ])
        await expect(checkDecodeBudget(bytes)).rejects.toThrow(/would take \d+ MB decoded \(the budget is 96 MB\)/);
      await expect(checkDecodeBudget(await big().jpeg({ quality: 10 }).toBuffer())).resolves.toEqual({
        sequential: true,
      });
    },
  );
});
