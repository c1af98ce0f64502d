// Titles are cut on whole characters: never inside a surrogate pair (an emoji), nor inside a grapheme cluster.
import { describe, expect, it } from 'vitest';
import { titleOf } from '../../src/journal/entries/entry.ts';

describe('titleOf', () => {
  it('keeps a short first line whole', () => {
    expect(titleOf('\n  Morning run 🏃  \nmore')).toBe('Morning run 🏃');
  });

  it('cuts a long line at 119 characters plus an ellipsis, never inside an emoji', () => {
    // 118 letters, then emoji: a cut at 119 UTF-16 units would split the first emoji's surrogate pair.
    const title = titleOf(`${'a'.repeat(118)}😀😀😀 and more`);
    expect(title).toBe(`${'a'.repeat(118)}😀…`);
    expect(title).not.toMatch(/\p{Cs}/u); // no lone surrogate
  });

  it('keeps a family emoji (one grapheme of several code points) whole or drops it whole', () => {
    const family = '👨‍👩‍👧‍👦';
    const title = titleOf(`${'b'.repeat(118)}${family}${family}${family}`);
    expect(title).toBe(`${'b'.repeat(118)}${family}…`);
    expect(titleOf(`${family.repeat(130)}`)).toBe(`${family.repeat(119)}…`);
  });

  it('cuts every long line exactly where grapheme segmentation cuts it (fast path for plain text included)', () => {
    // The reference: 119 grapheme clusters and an ellipsis once a line has more than 120.
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const reference = (line: string) => {
      const clusters = [...segmenter.segment(line)].map((s) => s.segment);
      return clusters.length > 120 ? `${clusters.slice(0, 119).join('')}…` : line;
    };
    // Plain letters the fast path takes, and what must send a line down the segmenting path: a combining accent,
    // a zero-width joiner, an emoji with a skin tone, a flag (regional indicators), Hangul jamo, a Devanagari sign.
    const plain = ['a', 'Z', ' ', 'é', 'ß', 'ж', 'Ω', '—', '…', '"'];
    const joining = ['e\u0301', '\u200D', '👍🏽', '🇩🇪', '\u1100\u1161', 'क\u093F', 'и\u0306'];
    let seed = 42;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    for (let i = 0; i < 400; i++) {
      const parts: string[] = [];
      const length = 100 + random(60);
      // Lines that join nothing, join only near or past the cut, join with one kind of character only, or anywhere.
      const joinFrom = [Infinity, 116 + random(8), 0, 0][i % 4]!;
      const pool = i % 4 === 2 ? [joining[random(joining.length)]!] : joining;
      for (let j = 0; j < length; j++)
        parts.push(j >= joinFrom && random(12) === 0 ? pool[random(pool.length)]! : plain[random(plain.length)]!);
      const line = `x${parts.join('')}x`;
      expect(titleOf(line), JSON.stringify(line)).toBe(reference(line));
    }
  });
});
