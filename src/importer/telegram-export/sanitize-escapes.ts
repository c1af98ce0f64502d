/**
 * Turns Telegram Desktop's invalid `\xHH` string escapes into JSON's `\u00HH`, chunk by chunk.
 * Works on UTF-8 bytes: `\` and `x` never occur inside a multi-byte sequence.
 */

const BACKSLASH = 0x5c;
const LOWER_X = 0x78;
const U_PREFIX = Buffer.from('u00');

function isHex(byte: number | undefined): boolean {
  return (
    byte !== undefined &&
    ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66))
  );
}

/** Where the bytes that may still become part of an escape begin: the trailing `\…\`, `\x` or `\xH`. */
function heldTailStart(buf: Buffer): number {
  let end = buf.length;
  if (end > 0 && isHex(buf[end - 1]) && buf[end - 2] === LOWER_X && buf[end - 3] === BACKSLASH) end -= 2;
  else if (end > 0 && buf[end - 1] === LOWER_X && buf[end - 2] === BACKSLASH) end -= 1;
  if (end === 0 || buf[end - 1] !== BACKSLASH) return buf.length;
  let start = end - 1;
  while (start > 0 && buf[start - 1] === BACKSLASH) start -= 1;
  return start;
}

export interface EscapeSanitizer {
  /** The sanitized bytes that are final so far; a possible escape at the end waits for the next chunk. */
  push(chunk: Buffer): Buffer;
  /** What is still held back, at the end of the input. */
  flush(): Buffer;
  /** Maps an offset in the sanitized output back to the original input (each fix adds 2 bytes). */
  originalOffset(sanitizedOffset: number): number;
}

export function createEscapeSanitizer(): EscapeSanitizer {
  let held: Buffer = Buffer.alloc(0);
  let emitted = 0;
  const fixesAt: number[] = []; // sanitized offsets of each `\u00HH`, ascending

  const rewrite = (buf: Buffer): Buffer => {
    if (buf.indexOf('\\x') === -1) return buf;
    const parts: Buffer[] = [];
    let copied = 0;
    let outLength = 0;
    for (let i = buf.indexOf(BACKSLASH); i !== -1 && i < buf.length; i = buf.indexOf(BACKSLASH, i)) {
      let run = 0;
      while (buf[i + run] === BACKSLASH) run += 1;
      const x = i + run;
      // An odd run means the last backslash escapes what follows; an even run is escaped backslashes.
      if (run % 2 === 1 && buf[x] === LOWER_X && isHex(buf[x + 1]) && isHex(buf[x + 2])) {
        parts.push(buf.subarray(copied, x), U_PREFIX);
        outLength += x - copied;
        fixesAt.push(emitted + outLength - 1);
        outLength += U_PREFIX.length;
        copied = x + 1;
      }
      i = x;
    }
    parts.push(buf.subarray(copied));
    return Buffer.concat(parts);
  };

  return {
    push(chunk) {
      const buf = held.length ? Buffer.concat([held, chunk]) : chunk;
      const cut = heldTailStart(buf);
      held = Buffer.from(buf.subarray(cut));
      const out = rewrite(buf.subarray(0, cut));
      emitted += out.length;
      return out;
    },
    flush() {
      const out = rewrite(held);
      held = Buffer.alloc(0);
      emitted += out.length;
      return out;
    },
    originalOffset(sanitizedOffset) {
      let before = 0;
      while (before < fixesAt.length && fixesAt[before]! < sanitizedOffset) before += 1;
      return sanitizedOffset - 2 * before;
    },
  };
}
