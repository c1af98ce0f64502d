/**
 * The media route: `/media/<sha256>` gives a kept medium's bytes, `/media/<sha256>/thumbnail` a photo scaled for a
 * page (or the bytes themselves when they are no picture sharp can read). Both are the signed-in owner's only (the
 * router asks for the caller first), private to their browser, and never sniffed into another type.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { WebJournal } from './web-journal.ts';
import type { MediaBytes } from './web-journal-port.ts';

/** A thumbnail's long edge: sharp on a phone's screen at twice its pixels, a fraction of a camera photo's bytes. */
export const THUMBNAIL_LONG_EDGE = 640;

/** Types a browser may show in a page: pictures, sound, video. Anything else (an SVG, HTML) is only downloaded. */
const INLINE_MEDIA = /^(image\/(jpeg|png|gif|webp)|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

const MEDIA_PATH = /^\/media\/([0-9a-f]{64})(\/thumbnail)?$/;

/** Where a medium's bytes are, and its thumbnail: the same for every journal's pages (media are the owner's). */
export const mediaPath = (sha256: string) => `/media/${sha256}`;
export const thumbnailPath = (sha256: string) => `/media/${sha256}/thumbnail`;

/** How the view answers: its headers on every answer, and its 404 page saying what was not found. */
export interface Answering {
  securityHeaders: (res: ServerResponse) => void;
  notFound: (res: ServerResponse, text: string) => void;
}

/** The medium a path asks for, or null when the path is not the media route's. */
export function mediaRequest(pathname: string): { sha256: string; thumbnail: boolean } | null {
  const match = MEDIA_PATH.exec(pathname);
  return match ? { sha256: match[1]!, thumbnail: match[2] !== undefined } : null;
}

/** Answers a media request of the signed-in owner's (GET or HEAD). */
export async function serveMedia(
  res: ServerResponse,
  method: string,
  journal: WebJournal,
  asked: { sha256: string; thumbnail: boolean },
  answer: Answering,
): Promise<void> {
  const media = asked.thumbnail
    ? await journal.thumbnail(asked.sha256, THUMBNAIL_LONG_EDGE)
    : await journal.media(asked.sha256);
  return sendMedia(res, method, media, answer);
}

/** A medium's kept bytes, streamed: private to the signed-in owner's browser, never sniffed into another type. */
async function sendMedia(
  res: ServerResponse,
  method: string,
  media: MediaBytes | null,
  answer: Answering,
): Promise<void> {
  if (!media) return answer.notFound(res, 'There is no such file in your journal.');
  answer.securityHeaders(res);
  const inline = media.mimeType !== null && INLINE_MEDIA.test(media.mimeType);
  res.writeHead(200, {
    'content-type': inline ? media.mimeType! : 'application/octet-stream',
    'content-length': String(media.size),
    'cache-control': 'private, max-age=3600',
    ...(inline ? {} : { 'content-disposition': 'attachment' }),
  });
  if (method === 'HEAD') return void res.end();
  for await (const chunk of media.chunks) if (!res.write(chunk)) await once(res, 'drain');
  res.end();
}
