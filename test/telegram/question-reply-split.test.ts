// Answers are split for Telegram's 4096-character limit: at paragraph, line or word boundaries, never inside an emoji,
// and nothing but the separator at each cut is lost.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitForTelegram, TELEGRAM_TEXT_LIMIT } from '../../src/telegram/reply.ts';

const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;

describe('splitForTelegram', () => {
  it('leaves a short text alone', () => {
    expect(splitForTelegram('Three days.')).toEqual(['Three days.']);
    expect(splitForTelegram('')).toEqual(['']);
  });

  it('cuts at the last blank line, newline or space that keeps the chunk at least half full, else at the limit', () => {
    expect(splitForTelegram('aaaa bbbb\n\ncccc', 12)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitForTelegram('aaaa bbbb\ncccc', 12)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitForTelegram('aaaa bbbb cccc', 12)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitForTelegram('a\n\nbbbbbbbbbbbbbbbbbb', 12)).toEqual(['a\n\nbbbbbbbbb', 'bbbbbbbbb']);
  });

  it('never splits a surrogate pair: 6000 units of emoji become 4096 + 1904 with nothing lost', () => {
    const emoji = '😀'.repeat(3000);
    const chunks = splitForTelegram(emoji);
    expect(chunks.map((c) => c.length)).toEqual([4096, 1904]);
    expect(chunks.join('')).toBe(emoji);
    expect(splitForTelegram(`x${emoji}`)[0]!.length).toBe(4095);
  });

  it('any text: chunks fit, no emoji is broken, and only whitespace at the cuts is dropped', () => {
    const piece = fc.constantFrom('word', ' ', '\n', '\n\n', '😀', 'é', 'x'.repeat(50));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 400 }), fc.integer({ min: 8, max: 300 }), (pieces, limit) => {
        const text = pieces.join('');
        const chunks = splitForTelegram(text, limit);
        for (const c of chunks) {
          expect(c.length).toBeLessThanOrEqual(limit);
          if (c.length) expect(isLow(c.charCodeAt(0)) || isHigh(c.charCodeAt(c.length - 1))).toBe(false);
        }
        expect(chunks.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      }),
    );
    expect(TELEGRAM_TEXT_LIMIT).toBe(4096);
  });
});
