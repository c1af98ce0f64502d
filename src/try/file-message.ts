// A picture or audio file typed as a path in npm run try, as the photo or voice note Telegram would deliver: its
// bytes are served by the local Bot API (getFile and the download), so the bot fetches it as it would from Telegram.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { SentFile } from './terminal-chat.ts';

/** Telegram's limit on a file a bot may download. */
const BOT_DOWNLOAD_LIMIT = 20 * 1024 * 1024;

/** Seconds of an Ogg stream: the last page's granule position at Opus's 48 kHz; 0 when it cannot be read. */
export function oggSeconds(content: Buffer): number {
  const last = content.lastIndexOf('OggS');
  if (last < 0 || last + 14 > content.length) return 0;
  const granule = Number(content.readBigUInt64LE(last + 6));
  return Number.isFinite(granule) && granule > 0 ? Math.round(granule / 48_000) : 0;
}

/** The file as a message's photo or voice note with its bytes, or the reason it cannot be sent. */
export async function fileToSend(
  kind: 'photo' | 'voice',
  file: string,
  mimeType: string,
  fileId: string,
): Promise<{ sent: SentFile; content: Buffer } | { refused: string }> {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch (error) {
    return { refused: `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}.` };
  }
  if (content.length > BOT_DOWNLOAD_LIMIT)
    return { refused: `${file} is over 20 MB, more than Telegram lets a bot download: nothing was sent.` };
  if (kind === 'voice') {
    const duration = mimeType === 'audio/ogg' ? oggSeconds(content) : 0;
    return { sent: { kind, fileId, size: content.length, duration, mimeType }, content };
  }
  try {
    const { width, height } = await sharp(content).metadata();
    if (!width || !height) throw new Error('no size');
    return { sent: { kind, fileId, size: content.length, width, height }, content };
  } catch {
    return {
      refused: `${file} is not a picture that can be read (JPEG, PNG, WebP, GIF, HEIC or TIFF): nothing was sent.`,
    };
  }
}
