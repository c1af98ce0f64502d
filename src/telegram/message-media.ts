/** What media a Telegram message carries, as an entry keeps it; stickers are not kept. */
import type { Message } from 'grammy/types';
import type { EntryMedia } from '../journal/media/media.ts';

/** The message's media, or null (text only, a sticker, a service message, a location…). */
export function mediaOf(message: Message): EntryMedia | null {
  const base = { fileName: null, durationSeconds: null, fileSize: null };
  if (message.sticker) return null;
  if (message.voice) {
    const voice = message.voice;
    return {
      ...base,
      kind: 'voice_note',
      fileId: voice.file_id,
      durationSeconds: voice.duration,
      fileSize: voice.file_size ?? null,
      mimeType: voice.mime_type ?? 'audio/ogg',
    };
  }
  if (message.video_note) {
    const note = message.video_note;
    return {
      ...base,
      kind: 'video_note',
      fileId: note.file_id,
      durationSeconds: note.duration,
      fileSize: note.file_size ?? null,
      width: note.length,
      height: note.length,
      mimeType: 'video/mp4',
    };
  }
  if (message.photo && message.photo.length > 0) {
    const largest = message.photo.at(-1)!; // Telegram lists the sizes smallest first
    return {
      ...base,
      kind: 'photo',
      fileId: largest.file_id,
      fileSize: largest.file_size ?? null,
      width: largest.width,
      height: largest.height,
      mimeType: 'image/jpeg',
    };
  }
  // An animation (GIF) also arrives with `document` set: look at it first.
  if (message.animation) {
    const a = message.animation;
    return {
      kind: 'animation',
      fileId: a.file_id,
      fileName: a.file_name ?? null,
      durationSeconds: a.duration,
      fileSize: a.file_size ?? null,
      width: a.width,
      height: a.height,
      mimeType: a.mime_type ?? null,
    };
  }
  if (message.video) {
    const v = message.video;
    return {
      kind: 'video',
      fileId: v.file_id,
      fileName: v.file_name ?? null,
      durationSeconds: v.duration,
      fileSize: v.file_size ?? null,
      width: v.width,
      height: v.height,
      mimeType: v.mime_type ?? null,
    };
  }
  if (message.audio) {
    const a = message.audio;
    return {
      kind: 'audio',
      fileId: a.file_id,
      fileName: a.file_name ?? a.title ?? null,
      durationSeconds: a.duration,
      fileSize: a.file_size ?? null,
      mimeType: a.mime_type ?? null,
    };
  }
  if (message.document) {
    const d = message.document;
    return {
      ...base,
      kind: 'file',
      fileId: d.file_id,
      fileName: d.file_name ?? null,
      fileSize: d.file_size ?? null,
      mimeType: d.mime_type ?? null,
    };
  }
  return null;
}
