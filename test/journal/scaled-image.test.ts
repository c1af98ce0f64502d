// Photo scaling's bounds: a picture over the pixel limit is refused from its header (the model is told why), and the
// gate runs at most `atOnce` scalings at a time, the rest waiting in order, a failed one freeing its slot.
import { describe, expect, it } from 'vitest';
import { createScalingGate, ImageTooLargeError, MAX_INPUT_PIXELS, scaleImage } from '../../src/journal/media/scaled-image.ts';
import { imageForModel } from '../../src/journal/views/view-media-method.ts';
import { ObjectError } from '../../src/objects/object-error.ts';
import { blackPng } from '../helpers/black-png.ts';

describe('the pixel limit', () => {
  // 12000 × 9000 = 108 MP: over the limit, though under sharp's own default (268 MP), which would decode it.
  const huge = blackPng(12_000, 9_000);

  it('refuses a picture over it, and viewMedia tells the model so', async () => {
    expect(12_000 * 9_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    await expect(scaleImage(huge, { longEdge: 640, format: 'webp', quality: 75 })).rejects.toBeInstanceOf(ImageTooLargeError);
    const refusal = await imageForModel(huge).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ObjectError);
    expect((refusal as Error).message).toMatch(/^This photo is too large to look at: The picture has more than 100 MP/);
  });
});

describe('createScalingGate', () => {
  it('runs at most two at once, the rest in the order they came, and a failure frees its slot', async () => {
    const gate = createScalingGate(2);
    const finish: (() => void)[] = [];
    const started: number[] = [];
    let active = 0;
    let most = 0;
    const works = Array.from({ length: 5 }, (_, i) =>
      gate.run(async () => {
        started.push(i);
        most = Math.max(most, ++active);
        await new Promise<void>((resolve) => finish.push(resolve));
        active -= 1;
        if (i === 0) throw new Error('not an image');
        return i;
      }),
    );
    const settled = Promise.allSettled(works);
    const settle = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    await settle();
    expect(started).toEqual([0, 1]);
    finish[0]!(); // the failing one
    await settle();
    expect(started).toEqual([0, 1, 2]);
    finish[2]!();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    finish[1]!();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish[3]!();
    finish[4]!();
    const results = await settled;
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['not an image', 1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});
