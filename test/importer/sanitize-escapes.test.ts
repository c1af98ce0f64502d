// Telegram Desktop's \xHH escapes become valid JSON, whatever the chunk boundaries, and nothing else changes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEscapeSanitizer } from '../../src/importer/telegram-export/sanitize-escapes.ts';

/** A JSON string literal as tdesktop writes it: control characters other than \n \r \t as \xHH. */
function tdesktopLiteral(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20) out += `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

function sanitize(input: Buffer, cuts: number[] = []): string {
  const sanitizer = createEscapeSanitizer();
  const parts: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    parts.push(sanitizer.push(input.subarray(from, cut)));
    from = cut;
  }
  parts.push(sanitizer.push(input.subarray(from)), sanitizer.flush());
  return Buffer.concat(parts).toString('utf8');
}

describe('sanitize-escapes', () => {
  it('turns \\xHH into \\u00HH so that the text parses as JSON', () => {
    expect(JSON.parse(sanitize(Buffer.from('"a\\x01b\\x0Cc"')))).toBe('a\u0001b\u000cc');
  });

  it('leaves an escaped backslash followed by x alone, and fixes the escape after an odd run', () => {
    expect(JSON.parse(sanitize(Buffer.from('"\\\\x41"')))).toBe('\\x41');
    expect(JSON.parse(sanitize(Buffer.from('"\\\\\\x41"')))).toBe('\\A');
  });

  it('handles an escape split across chunks at every possible point', () => {
    const input = Buffer.from('{"t":"x\\x1F\\\\x20\\x7f"}');
    for (let cut = 0; cut <= input.length; cut++) {
      expect(JSON.parse(sanitize(input, [cut]))).toEqual({ t: 'x\u001f\\x20\u007f' });
    }
  });

  it('round-trips any text written the tdesktop way, cut into any chunks', () => {
    const anyCharacter = fc
      .integer({ min: 0, max: 0x10ffff })
      .filter((c) => c < 0xd800 || c > 0xdfff)
      .map((c) => String.fromCodePoint(c));
    const text = fc.string({
      unit: fc.oneof(fc.constantFrom('\\', 'x', 'X', '1', 'f', '"', '\n', '\u0001', '\u001f', 'é', '🙂'), anyCharacter),
    });
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (s, rawCuts) => {
        const input = Buffer.from(tdesktopLiteral(s));
        const cuts = rawCuts.map((c) => c % (input.length + 1));
        expect(JSON.parse(sanitize(input, cuts))).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  it('passes valid JSON through unchanged', () => {
    const json = JSON.stringify({ a: 'plain \\x41 \u0001 "quoted" \\\\', b: [1, 2] });
    expect(sanitize(Buffer.from(json), [3, 10, 17])).toBe(json);
  });

  it('maps an offset in the sanitized text back to the original file', () => {
    const sanitizer = createEscapeSanitizer();
    const out = sanitizer.push(Buffer.from('"\\x01\\x02" ?'));
    expect(out.toString()).toBe('"\\u0001\\u0002" ?');
    expect(sanitizer.originalOffset(out.indexOf('?'))).toBe(11);
  });
});
