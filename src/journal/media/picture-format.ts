/**
 * What a kept picture is, read from its first bytes in the main process without any decoder: its format (by magic
 * number, never by the MIME type a sender claimed) and, where the header says it plainly, its size and whether it can
 * be read row by row. The decode pool uses it to refuse what is never decoded (SVG, unknown formats) and to give a
 * small, plainly-sized photo the slot kept for the owner's own pictures (decode-pool.ts).
 */

/** The formats the journal decodes: what phones and browsers make. Anything else (SVG, PDF, RAW, …) is refused. */
export const DECODED_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'tiff', 'heif'] as const;
export type DecodedFormat = (typeof DECODED_FORMATS)[number];

export interface SniffedPicture {
  format: DecodedFormat | 'svg' | 'unknown';
  /** The size the header states, when it is stated at a fixed place (JPEG, PNG, GIF, WebP). */
  width?: number;
  height?: number;
  /** A baseline JPEG or a non-interlaced PNG or a still WebP: decoded in one pass, with a bounded working set. */
  plain?: boolean;
}

/** At most this many pixels (by the header) and the picture takes the kept slot: a phone's photo, scaled in a blink. */
export const SMALL_PICTURE_PIXELS = 16_000_000;

const HEIF_BRANDS = /^(avif|avis|heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/;

export function sniffPicture(bytes: Buffer): SniffedPicture {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a)
    return {
      format: 'png',
      width: bytes.readUInt32BE(16),
      height: bytes.readUInt32BE(20),
      plain: bytes.length > 28 && bytes[28] === 0,
    };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return sniffJpeg(bytes);
  const ascii = bytes.subarray(0, 16).toString('latin1');
  if (/^GIF8[79]a/.test(ascii) && bytes.length >= 10)
    return { format: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return sniffWebp(bytes);
  if (ascii.startsWith('II*\0') || ascii.startsWith('MM\0*')) return { format: 'tiff' };
  if (ascii.slice(4, 8) === 'ftyp' && HEIF_BRANDS.test(ascii.slice(8, 12))) return { format: 'heif' };
  const text = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*</.test(text) && /<svg[\s>]/i.test(text)) return { format: 'svg' };
  return { format: 'unknown' };
}

/** Whether the header says plainly that this is a small picture decoded in one pass. */
export function isSmallPicture(sniffed: SniffedPicture): boolean {
  const { width, height, plain } = sniffed;
  return plain === true && width !== undefined && height !== undefined && width * height <= SMALL_PICTURE_PIXELS;
}

function sniffJpeg(bytes: Buffer): SniffedPicture {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return { format: 'jpeg' };
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // SOF0…SOF15 but DHT (C4), JPG (C8), DAC (CC): the frame header with the size; C0/C1 are one-pass (baseline).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return {
        format: 'jpeg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
        plain: marker === 0xc0 || marker === 0xc1,
      };
    if (marker === 0xd9 || marker === 0xda) return { format: 'jpeg' };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return { format: 'jpeg' };
}

function sniffWebp(bytes: Buffer): SniffedPicture {
  if (bytes.length < 30) return { format: 'webp' };
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ')
    return {
      format: 'webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
      plain: true,
    };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, plain: true };
  }
  if (chunk === 'VP8X') {
    const animated = (bytes[20]! & 0x02) !== 0;
    return {
      format: 'webp',
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
      plain: !animated,
    };
  }
  return { format: 'webp' };
}
