/** The media of an export message, as an entry keeps it: kind, file name, duration. Stickers are not kept. */
import type { EntryMedia, MediaKind } from '../../journal/media/media.ts';
import type { ExportMessage } from './export-format.ts';

/** `media_type` → kind; a document without `media_type` is a plain file. */
const KIND_OF_MEDIA_TYPE: Record<string, MediaKind> = {
  voice_message: 'voice_note',
  video_message: 'video_note',
  video_file: 'video',
  audio_file: 'audio',
  animation: 'animation',
};

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** A media path, unless it is the sentence written when media were not exported: "(File not included. …)". */
function baseName(path: unknown): string | null {
  const p = text(path);
  if (p === null || p.startsWith('(')) return null;
  return p.split('/').at(-1) ?? null;
}

/**
 * Where the export holds the file (relative to result.json; the importer resolves it against the export's folder),
 * or why it holds none: the export was made without media ("(File not included. …)").
 */
function fileOf(path: unknown): { sourcePath: string } | { missing: string } {
  const p = text(path);
  if (p === null) return { missing: 'not in the export' };
  if (p.startsWith('(')) return { missing: 'not included in the Telegram export' };
  return { sourcePath: p };
}

export function mediaOfExport(message: ExportMessage): EntryMedia | null {
  if (message.photo !== undefined) {
    const size = { width: count(message.width), height: count(message.height) };
    return {
      kind: 'photo',
      fileId: null,
      fileName: null,
      durationSeconds: null,
      fileSize: count(message.photo_file_size),
      ...size,
      ...fileOf(message.photo),
    };
  }
  if (message.file === undefined && message.media_type === undefined) return null;
  const mediaType = text(message.media_type);
  if (mediaType === 'sticker') return null;
  // A media type newer than this code is still media: keep it as a file.
  const kind = mediaType === null ? 'file' : (KIND_OF_MEDIA_TYPE[mediaType] ?? 'file');
  return {
    kind,
    fileId: null,
    fileName: text(message.file_name) ?? baseName(message.file),
    durationSeconds: count(message.duration_seconds),
    fileSize: count(message.file_size),
    mimeType: text(message.mime_type),
    ...fileOf(message.file),
  };
}

/** `#tag` parts of `text_entities` (or of an array `text`). */
export function exportHashtags(message: ExportMessage): string[] {
  const parts = Array.isArray(message.text_entities)
    ? message.text_entities
    : Array.isArray(message.text)
      ? message.text
      : [];
  return parts.flatMap((part: unknown) => {
    if (part === null || typeof part !== 'object') return [];
    const { type, text: value } = part as { type?: unknown; text?: unknown };
    return type === 'hashtag' && typeof value === 'string' ? [value] : [];
  });
}
