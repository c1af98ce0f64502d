// Titles are cut on whole characters: never inside a surrogate pair (an emoji), nor inside a grapheme cluster.
import { describe, expect, it } from 'vitest';
import { titleOf } from '../../src/journal/entry.ts';

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
});
