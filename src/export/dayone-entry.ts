/**
 * One exported entry as Day One's JSON export writes it: `uuid`, `creationDate`, `timeZone`, `text` in Day One's
 * Markdown with `dayone-moment://` references, `tags`, `starred`, `location`, `weather`, and its media in `photos`,
 * `videos`, `audios`, `pdfAttachments` named by md5. Pure: the media's md5s come in. Written so that the project's Day
 * One importer (importer/sources/dayone-item.ts) reads back the same text: a reference stands where the text holds the
 * label that reference reads back as (a photo's `[photo]`, a Day One medium's own label), and backslashes are escaped
 * (Day One's escapes are undone on import). Media the text does not name are listed, not referenced.
 */
import { createHash } from 'node:crypto';
import { mediaLabel, type MediaKind } from '../journal/media/media.ts';
import type { ExportedEntry, ExportedMediaItem } from './journal-export-format.ts';

/** Day One's media lists, the kind its importer gives each back, and the scheme of a reference to it. */
const DAYONE_LISTS = {
  photos: { kind: 'photo', scheme: '', defaultType: 'jpeg' },
  videos: { kind: 'video', scheme: 'video/', defaultType: 'mov' },
  audios: { kind: 'audio', scheme: 'audio/', defaultType: 'm4a' },
  pdfAttachments: { kind: 'file', scheme: 'pdfAttachment/', defaultType: 'pdf' },
} as const;
export type DayOneList = keyof typeof DAYONE_LISTS;

/** The export's folder of each list (the importer's MEDIA_FOLDERS). */
export const DAYONE_FOLDERS: Record<DayOneList, string> = {
  photos: 'photos',
  videos: 'videos',
  audios: 'audios',
  pdfAttachments: 'pdfs',
};

/** Which list a medium goes in; null for what Day One holds no list for (a file that is no PDF). */
export function dayOneListOf(kind: MediaKind, type: string): DayOneList | null {
  if (kind === 'photo') return 'photos';
  if (kind === 'video' || kind === 'video_note' || kind === 'animation') return 'videos';
  if (kind === 'audio' || kind === 'voice_note') return 'audios';
  return type === 'pdf' ? 'pdfAttachments' : null;
}

/** The file type Day One names a medium by: its extension, or the list's usual one. */
export const dayOneTypeOf = (m: ExportedMediaItem): string =>
  (m.path?.match(/\.([a-z0-9]{1,10})$/)?.[1] ?? '').toLowerCase();

/** A medium with its bytes' md5, ready to list. */
export interface DayOneMedium {
  item: ExportedMediaItem;
  md5: string;
  type: string;
  list: DayOneList;
}

/** 32 upper-case hex digits, repeatable from what it stands for (so a second export gives the same ids). */
const dayOneId = (seed: string) => createHash('sha256').update(seed).digest('hex').slice(0, 32).toUpperCase();

/** `2024-05-01T10:00:00Z`, as Day One writes it (fractions only when there are any). */
const dayOneDate = (instant: string) => instant.replace(/\.000Z$/, 'Z');

/**
 * Text between references: the entry's Markdown as it is (Day One's text is Markdown too, and its importer keeps the
 * escapes that matter), a literal reference broken.
 */
const escapeText = (text: string) => text.replace(/dayone-moment:/g, 'dayone-moment\\:');

/** The label the importer writes for a medium it reads back (importer/sources/dayone-item.ts asEntryMedia). */
function labelOnImport(m: DayOneMedium): string {
  const seconds = m.item.duration_seconds !== null && m.item.duration_seconds > 0 ? m.item.duration_seconds : null;
  return mediaLabel({
    kind: DAYONE_LISTS[m.list].kind,
    fileId: null,
    fileName: `${m.md5}.${m.type}`,
    durationSeconds: seconds,
    fileSize: null,
  });
}

export function dayOneEntry(
  entry: ExportedEntry,
  media: readonly DayOneMedium[],
  journalZone: string,
): Record<string, unknown> {
  const ids = media.map((m, i) => dayOneId(`${entry.source_id ?? entry.id}:media:${i}:${m.md5}`));
  // The text, with each medium's label (in order) replaced by its reference.
  const parts: string[] = [];
  let rest = entry.content;
  media.forEach((m, i) => {
    const label = labelOnImport(m);
    const at = rest.indexOf(label);
    if (at < 0) return;
    parts.push(escapeText(rest.slice(0, at)), `![](dayone-moment://${DAYONE_LISTS[m.list].scheme}${ids[i]})`);
    rest = rest.slice(at + label.length);
  });
  parts.push(escapeText(rest));
  // Media the text names no label for (an entry's photos are shown with it, not labelled) follow its words.
  media.forEach((m, i) => {
    if (!parts.some((p) => p.endsWith(`${ids[i]})`)))
      parts.push(`\n\n![](dayone-moment://${DAYONE_LISTS[m.list].scheme}${ids[i]})`);
  });
  const meta = entry.metadata ?? {};
  const place = meta.place;
  const lists: Partial<Record<DayOneList, object[]>> = {};
  media.forEach((m, i) => {
    (lists[m.list] ??= []).push({
      identifier: ids[i],
      md5: m.md5,
      type: m.type,
      orderInEntry: i,
      ...(m.item.width !== null ? { width: m.item.width } : {}),
      ...(m.item.height !== null ? { height: m.item.height } : {}),
      ...(m.item.duration_seconds !== null ? { duration: m.item.duration_seconds } : {}),
      ...(m.item.size !== null ? { fileSize: m.item.size } : {}),
      ...(m.item.file_name !== null && m.list === 'pdfAttachments' ? { filename: m.item.file_name } : {}),
    });
  });
  return {
    uuid:
      entry.source_app === 'dayone' && entry.source_id && /^[0-9A-F]{32}$/i.test(entry.source_id)
        ? entry.source_id
        : dayOneId(`journal-objects:${entry.id}`),
    creationDate: dayOneDate(entry.written_at),
    modifiedDate: dayOneDate(entry.edited_at ?? entry.written_at),
    timeZone: meta.time_zone ?? journalZone,
    text: parts.join(''),
    ...(entry.tags.length ? { tags: entry.tags } : {}),
    starred: meta.starred === true,
    ...(meta.pinned ? { isPinned: true } : {}),
    ...(place
      ? {
          location: {
            placeName: place.name,
            localityName: place.locality,
            administrativeArea: place.area,
            country: place.country,
            latitude: place.latitude,
            longitude: place.longitude,
          },
        }
      : {}),
    ...(meta.weather
      ? { weather: { conditionsDescription: meta.weather.description, temperatureCelsius: meta.weather.temperature_c } }
      : {}),
    ...lists,
  };
}
