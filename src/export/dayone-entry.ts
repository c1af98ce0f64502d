/**
 * One exported entry as Day One's JSON export writes it, field for field as real exports carry them (`uuid`,
 * `creationDate`, `modifiedDate`, `timeZone`, `isPinned`, `isAllDay`, `starred`, `duration`, `editingTime`,
 * `creationDevice`, `text` in Day One's Markdown with `![](dayone-moment://ID)` for a photo and
 * `![](dayone-moment:/video/ID)` (one slash) for other media, `tags`, `location`, `weather`), and its media in `photos`,
 * `videos`, `audios` (with `format`, not `type`), `pdfAttachments` named by md5. Pure: the media's md5s come in. Written so that the project's Day
 * One importer (importer/sources/dayone-item.ts) reads back the same text: a reference stands where the text holds the
 * label that reference reads back as (a photo's `[photo]`, a Day One medium's own label), and backslashes are escaped
 * (Day One's escapes are undone on import). Media the text does not name are listed, not referenced. The lists, their
 * folders and references are formats/dayone.ts, which the importer reads them by.
 */
import { createHash } from 'node:crypto';
import { mediaLabel, type MediaKind } from '../journal/media/media.ts';
import type { ExportedEntry, ExportedMediaItem } from './journal-export-format.ts';
import { dayOneAudioFormat, DAYONE_LISTS, type DayOneList } from '../formats/dayone.ts';

/** What Day One writes as the device an entry or medium was made on: the app that made it. */
export const DAYONE_DEVICE = 'Journal Objects';

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

/** One medium's entry in its list, with every field Day One's own exports carry for that list. */
function listed(m: DayOneMedium, identifier: string, order: number, date: string): Record<string, unknown> {
  const { item } = m;
  const seen = m.list === 'photos' || m.list === 'videos';
  return {
    identifier,
    md5: m.md5,
    // Audio names its format (Day One: `aac` for its m4a files); the other lists name the file type.
    ...(m.list === 'audios' ? { format: dayOneAudioFormat(m.type) } : { type: m.type }),
    orderInEntry: order,
    creationDevice: DAYONE_DEVICE,
    date,
    duration: item.duration_seconds ?? 0,
    favorite: false,
    ...(m.list === 'photos' ? { isSketch: false } : {}),
    ...(seen || m.list === 'audios' ? { width: item.width ?? 0, height: item.height ?? 0 } : {}),
    ...(item.size !== null ? { fileSize: item.size } : {}),
    ...(item.file_name !== null && m.list === 'pdfAttachments' ? { filename: item.file_name } : {}),
  };
}

/**
 * The text with each medium's label (in order) replaced by its reference; a medium the text does not name (a
 * captioned photo: the caption is the text; an imported entry's photo, whose label the importer drops) follows the
 * words on a line of its own, as the Obsidian export places it, so every medium stands in the text.
 */
function textWithMoments(content: string, media: readonly DayOneMedium[], ids: readonly string[]): string {
  const moment = (i: number) => `![](${DAYONE_LISTS[media[i]!.list].moment.replace('ID', ids[i]!)})`;
  const parts: string[] = [];
  const unplaced: string[] = [];
  let rest = content;
  media.forEach((m, i) => {
    const label = labelOnImport(m);
    const at = rest.indexOf(label);
    if (at < 0) return void unplaced.push(moment(i));
    parts.push(escapeText(rest.slice(0, at)), moment(i));
    rest = rest.slice(at + label.length);
  });
  parts.push(escapeText(rest));
  const text = parts.join('');
  if (unplaced.length === 0) return text;
  return text.trim() === '' ? unplaced.join('\n\n') : `${text}\n\n${unplaced.join('\n\n')}`;
}

export function dayOneEntry(
  entry: ExportedEntry,
  media: readonly DayOneMedium[],
  journalZone: string,
): Record<string, unknown> {
  const ids = media.map((m, i) => dayOneId(`${entry.source_id ?? entry.id}:media:${i}:${m.md5}`));
  const meta = entry.metadata ?? {};
  const place = meta.place;
  const created = dayOneDate(entry.written_at);
  const lists: Partial<Record<DayOneList, object[]>> = {};
  media.forEach((m, i) => (lists[m.list] ??= []).push(listed(m, ids[i]!, i, created)));
  return {
    uuid:
      entry.source_app === 'dayone' && entry.source_id && /^[0-9A-F]{32}$/i.test(entry.source_id)
        ? entry.source_id
        : dayOneId(`journal-objects:${entry.id}`),
    creationDate: created,
    modifiedDate: dayOneDate(entry.edited_at ?? entry.written_at),
    timeZone: meta.time_zone ?? journalZone,
    text: textWithMoments(entry.content, media, ids),
    // As the app wrote them where the journal had to store them otherwise (`dev-testing-tag`, not `dev_testing_tag`).
    ...(entry.tags.length ? { tags: entry.tags.map((t) => meta.tag_spellings?.[t] ?? t) } : {}),
    starred: meta.starred === true,
    isPinned: meta.pinned === true,
    // An entry is written at a moment: never an all-day one.
    isAllDay: false,
    duration: 0,
    editingTime: 0,
    creationDevice: DAYONE_DEVICE,
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
