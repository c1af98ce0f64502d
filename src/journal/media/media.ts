/** Media kept as entries: what a voice note, photo or file was, and the label that stands for it when it has no text. */
import type { MediaKind } from '../../db/schema.ts';

export type { MediaKind };

// A tuple (not MediaKind[]) so that z.enum(MEDIA_KINDS) reads it without a cast.
export const MEDIA_KINDS = [
  'voice_note',
  'video_note',
  'photo',
  'video',
  'audio',
  'animation',
  'file',
] as const satisfies readonly MediaKind[];

/** A medium of a message, as stored with its entry (a row of entry_media). */
export interface EntryMedia {
  kind: MediaKind;
  /** Telegram's file_id; null for imported messages (exports carry none). */
  fileId: string | null;
  fileName: string | null;
  durationSeconds: number | null;
  fileSize: number | null;
  mimeType?: string | null;
  width?: number | null;
  height?: number | null;
  /** An import's file with the bytes (absolute path), copied into the journal as the entry is stored. */
  sourcePath?: string | null;
  /** Why an import has no bytes for it ("File not included" in the export, a photo missing from the folder). */
  missing?: string | null;
}

/** The Bot API's download limit, the default of MEDIA_MAX_BYTES: a larger file stays a Telegram reference. */
export const DEFAULT_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

const KIND_WORDS: Record<MediaKind, string> = {
  voice_note: 'voice note',
  video_note: 'video note',
  photo: 'photo',
  video: 'video',
  audio: 'audio',
  animation: 'animation',
  file: 'file',
};

/** `42` → `0:42`, `3725` → `1:02:05`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}

/** The content of a media message without text: `[voice note 0:42]`, `[photo]`, `[file report.pdf]`. */
export function mediaLabel(media: EntryMedia): string {
  const parts = [KIND_WORDS[media.kind]];
  // Notes and photos have no meaningful name; a file, video or song is recognised by its name.
  if (media.fileName && !['voice_note', 'video_note', 'photo'].includes(media.kind)) parts.push(media.fileName);
  if (media.durationSeconds !== null && media.kind !== 'photo' && media.kind !== 'file')
    parts.push(formatDuration(media.durationSeconds));
  return `[${parts.join(' ')}]`;
}

/** Voice and video notes are speech: the ones worth transcribing. */
export function isSpeech(kind: MediaKind | null): boolean {
  return kind === 'voice_note' || kind === 'video_note';
}

/** `20971520` → `20 MB`, `1536` → `1.5 kB`: sizes as people read them (binary units, as Telegram states its limits). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} kB`;
  return `${bytes} B`;
}

const MIME_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  aac: 'audio/aac',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

const KIND_MIME: Partial<Record<MediaKind, string>> = {
  photo: 'image/jpeg',
  voice_note: 'audio/ogg',
  video_note: 'video/mp4',
};

/** A file's MIME type from its name (or what its kind always is); octet-stream when neither tells. */
export function mimeTypeOf(fileName: string | null, kind: MediaKind): string {
  const extension = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return (extension && MIME_TYPES[extension]) || KIND_MIME[kind] || 'application/octet-stream';
}

/** `.jpg`, `.ogg`, `.pdf`…: a file name's own extension, else one for its MIME type; '' when neither tells. */
export function mediaExtension(mimeType: string | null, fileName: string | null, kind: MediaKind): string {
  const own = fileName?.toLowerCase().match(/\.([a-z0-9]{1,8})$/)?.[1];
  if (own) return `.${own}`;
  const type = mimeType ?? KIND_MIME[kind];
  const found = Object.entries(MIME_TYPES).find(([, t]) => t === type);
  return found ? `.${found[0]}` : '';
}
