/** Media kept as entries: what a voice note, photo or file was, and the label that stands for it when it has no text. */
import type { MediaKind } from '../db/schema.ts';

export type { MediaKind };

export const MEDIA_KINDS: readonly MediaKind[] = ['voice_note', 'video_note', 'photo', 'video', 'audio', 'animation', 'file'];

/** The media of a message, as stored with its entry. */
export interface EntryMedia {
  kind: MediaKind;
  /** Telegram's file_id; null for imported messages (exports carry none). */
  fileId: string | null;
  fileName: string | null;
  durationSeconds: number | null;
  fileSize: number | null;
}

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
  if (media.durationSeconds !== null && media.kind !== 'photo' && media.kind !== 'file') parts.push(formatDuration(media.durationSeconds));
  return `[${parts.join(' ')}]`;
}

/** Voice and video notes are speech: the ones worth transcribing. */
export function isSpeech(kind: MediaKind | null): boolean {
  return kind === 'voice_note' || kind === 'video_note';
}
