/**
 * One entry of Day One's JSON export → a source item (dayone.ts reads the export). Each entry keeps its instant
 * (`creationDate`, UTC) and its own zone (`timeZone`) for its local day, its text with Day One's Markdown escapes
 * undone and `dayone-moment://` references as media labels, its tags, starred mark, place, weather and media.
 * Both versions of the format seen (iOS/Mac `1.0`, Android's) are read: every field is optional and checked.
 */
import { z } from 'zod';
import type { EntryMetadata } from '../../journal/entries/entry-metadata.ts';
import { mediaLabel, type EntryMedia, type MediaKind } from '../../journal/media/media.ts';
import { appTag, inDateRange, type SourceItem } from './source-item.ts';
import { unwrapHardWraps } from './hard-wraps.ts';
import { needsEscape } from '../../journal/entries/markdown-escape.ts';
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { isTimeZone } from '../../journal/dates/zone-offset.ts';
import { normalizeTag } from '../../journal/tags/hashtags.ts';
import { dayOneAudioType, dayOneMediaPath, DAYONE_LIST_NAMES, DAYONE_LISTS } from '../../formats/dayone.ts';

/** Day One writes "(null)" where it had no value. */
const text = z.preprocess((v) => (v === '(null)' ? undefined : v), z.string().optional()).catch(undefined);
const number = z.preprocess((v) => (v === '(null)' ? undefined : v), z.number().finite().optional()).catch(undefined);

/** The file is found by its md5 and type: anything else in them names no file (a path would lead outside). */
const namePart = (pattern: RegExp) =>
  z.preprocess((v) => (v === '(null)' ? undefined : v), z.string().regex(pattern).optional()).catch(undefined);
const mediaSchema = z.object({
  identifier: text,
  md5: namePart(/^[0-9a-f]{32}$/i),
  type: namePart(/^[a-z0-9]{1,10}$/i),
  /** Audio's in place of `type`: Day One's `aac` is an m4a file; another format names its file's extension. */
  format: namePart(/^[a-z0-9]{1,10}$/i),
  duration: number,
  orderInEntry: number,
  filename: text,
});
const mediaList = z.array(z.unknown()).optional().catch(undefined);

const entrySchema = z.object({
  uuid: text,
  creationDate: text,
  timeZone: text,
  text,
  tags: z.array(z.unknown()).optional().catch(undefined),
  starred: z.boolean().optional().catch(undefined),
  isPinned: z.boolean().optional().catch(undefined),
  location: z
    .object({
      placeName: text,
      localityName: text,
      administrativeArea: text,
      country: text,
      latitude: number,
      longitude: number,
    })
    .optional()
    .catch(undefined),
  weather: z.object({ conditionsDescription: text, temperatureCelsius: number }).optional().catch(undefined),
  photos: mediaList,
  videos: mediaList,
  audios: mediaList,
  pdfAttachments: mediaList,
});

type DayOneEntry = z.infer<typeof entrySchema>;

interface Medium {
  kind: MediaKind;
  identifier: string | undefined;
  fileName: string | null;
  duration: number | null;
  order: number;
  /** Where the file sits in the export (`photos/<md5>.jpeg`), when the metadata names it by md5. */
  exportPath: string | null;
}

function mediaOf(entry: DayOneEntry): Medium[] {
  const all: Medium[] = [];
  for (const list of DAYONE_LIST_NAMES) {
    const { kind, defaultType } = DAYONE_LISTS[list];
    for (const raw of entry[list] ?? []) {
      const m = mediaSchema.safeParse(raw);
      if (!m.success) continue;
      const { md5, identifier, duration, orderInEntry, filename } = m.data;
      const type = m.data.type ?? (m.data.format === undefined ? undefined : dayOneAudioType(m.data.format));
      // The file in the zip is named by its md5; a PDF keeps its own name for the reader too.
      const fileName = md5 ? `${md5}.${type ?? defaultType}` : (filename ?? null);
      const exportPath = md5 ? dayOneMediaPath(list, md5, type ?? defaultType) : null;
      all.push({
        kind,
        identifier,
        fileName,
        duration: duration && duration > 0 ? Math.round(duration) : null,
        order: orderInEntry ?? all.length,
        exportPath,
      });
    }
  }
  return all.sort((a, b) => a.order - b.order);
}

const asEntryMedia = (m: Medium): EntryMedia => ({
  kind: m.kind,
  fileId: null,
  fileName: m.fileName,
  durationSeconds: m.duration,
  fileSize: null,
});

/** A medium as the import stores it: its file relative to the export's folder, or missing when unnamed. */
const importedMedium = (m: Medium): EntryMedia => ({
  ...asEntryMedia(m),
  ...(m.exportPath ? { sourcePath: m.exportPath } : { missing: 'Day One named no file for it' }),
});

/** `dayone-moment://ID` (photos) and `dayone-moment:/video/ID` (other media), in image syntax or bare. */
const MOMENT =
  /!?\[[^\]\n]*\]\(dayone-moment:\/{1,2}(?:(\w+)\/)?([A-Za-z0-9-]+)\)|dayone-moment:\/{1,2}(?:(\w+)\/)?([A-Za-z0-9-]+)/g;
const SCHEME_KINDS: Record<string, MediaKind> = {
  video: 'video',
  audio: 'audio',
  pdfAttachment: 'file',
  pdf: 'file',
  photo: 'photo',
};

/**
 * Day One escapes Markdown characters (`\.` `\-` `\(`, `\/` on Apple): any backslash before ASCII punctuation. The
 * entry is Markdown too, so a backslash stays where the character would otherwise format (`\*`, `\_init\_`, a `\#`
 * starting a line) and goes where it only hides a full stop or a hyphen.
 */
export function unescapeDayOne(value: string): string {
  const text = value.replace(/\u200b/g, '');
  let plain = '';
  const escaped: number[] = [];
  let from = 0;
  for (const match of text.matchAll(/\\([!-/:-@[-`{-~])/g)) {
    plain += text.slice(from, match.index);
    escaped.push(plain.length);
    plain += match[1]!;
    from = match.index + match[0].length;
  }
  plain += text.slice(from);
  let out = '';
  let at = 0;
  for (const i of escaped) {
    out += plain.slice(at, i) + (needsEscape(plain, i) ? '\\' : '');
    at = i;
  }
  return out + plain.slice(at);
}

/**
 * The entry's Markdown: Day One's needless escapes undone, references to media the entry keeps removed (a dangling one
 * becomes a label, by its scheme), checklists as task lists, hard wraps undone (hard-wraps.ts).
 */
export function dayOneText(raw: string, media: readonly Medium[]): string {
  const byId = new Map(media.filter((m) => m.identifier).map((m) => [m.identifier!.toUpperCase(), m]));
  const withLabels = raw.replace(
    MOMENT,
    (
      _all,
      scheme1: string | undefined,
      id1: string | undefined,
      scheme2: string | undefined,
      id2: string | undefined,
    ) => {
      const id = (id1 ?? id2 ?? '').toUpperCase();
      const known = byId.get(id);
      // A medium the entry keeps is shown with it (the web view, the exports): a label beside it says nothing more.
      if (known) return '';
      const kind = SCHEME_KINDS[scheme1 ?? scheme2 ?? 'photo'] ?? 'photo';
      return mediaLabel({ kind, fileId: null, fileName: null, durationSeconds: null, fileSize: null });
    },
  );
  // A checklist's ticked items are `- [X]` in Day One and `- [x]` in Markdown's task lists.
  const checklists = unescapeDayOne(withLabels).replace(/^(\s*[-*+] \[)X(\])/gm, '$1x$2');
  return unwrapHardWraps(checklists.replace(/\n{3,}/g, '\n\n')).trim();
}

const zones = new Map<string, boolean>();
/** An IANA zone the platform knows (Android exports have been seen with other strings). */
function knownZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  if (!zones.has(zone)) {
    zones.set(zone, isTimeZone(zone));
  }
  return zones.get(zone) ? zone : undefined;
}

/** `2016-10-12T18:38:16Z`, with or without fractions; other forms with an offset are read as ISO. */
function instantOf(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) return null;
  const at = new Date(value.trim());
  const real = isCalendarDay(value.slice(0, 10));
  return real && inDateRange(at) ? at : null;
}

/** One Day One entry → an item. Pure. */
export function dayOneItem(raw: unknown, journal: string, index: number, oversized = false): SourceItem {
  const name =
    typeof raw === 'object' && raw !== null && typeof (raw as { uuid?: unknown }).uuid === 'string'
      ? (raw as { uuid: string }).uuid
      : `entry ${index + 1} of ${journal}`;
  // A field was cut short while reading (past MAX_FIELD_BYTES): never imported as if whole.
  if (oversized) return { skip: 'too-large', id: name, journal };
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return { skip: 'malformed', id: name, journal };
  const e = parsed.data;
  if (!e.uuid) return { skip: 'no-id', id: name, journal };
  if (!e.creationDate) return { skip: 'no-date', id: e.uuid, journal };
  const writtenAt = instantOf(e.creationDate);
  if (!writtenAt) return { skip: 'bad-date', id: e.uuid, journal };
  const media = mediaOf(e);
  const written = dayOneText(e.text ?? '', media);
  const content = written !== '' ? written : media.map((m) => mediaLabel(asEntryMedia(m))).join(' ');
  if (content === '') return { skip: 'empty', id: e.uuid, journal };
  const zone = knownZone(e.timeZone);
  const place = e.location && {
    name: e.location.placeName,
    locality: e.location.localityName,
    area: e.location.administrativeArea,
    country: e.location.country,
    latitude: e.location.latitude,
    longitude: e.location.longitude,
  };
  const appTags = (e.tags ?? []).filter((t): t is string => typeof t === 'string');
  const tags = appTags.map(appTag);
  // Tags whose stored form differs (hyphens, spaces): their spelling is kept for a Day One export to write back.
  const spellings = Object.fromEntries(
    appTags.flatMap((t, i) => {
      const stored = normalizeTag(tags[i]!);
      return stored !== null && stored !== t.trim() ? [[stored, t.trim()]] : [];
    }),
  );
  const metadata: EntryMetadata = {
    ...(Object.keys(spellings).length ? { tag_spellings: spellings } : {}),
    ...(e.starred ? { starred: true } : {}),
    ...(e.isPinned ? { pinned: true } : {}),
    ...(zone ? { time_zone: zone } : {}),
    journal,
    ...(place && Object.values(place).some((v) => v !== undefined) ? { place: stripUndefined(place) } : {}),
    ...(e.weather && (e.weather.conditionsDescription !== undefined || e.weather.temperatureCelsius !== undefined)
      ? {
          weather: stripUndefined({
            description: e.weather.conditionsDescription,
            temperature_c: e.weather.temperatureCelsius,
          }),
        }
      : {}),
    ...(media.length ? { media: media.map((m) => ({ kind: m.kind, file_name: m.fileName })) } : {}),
  };
  return {
    journal,
    entry: {
      sourceId: e.uuid,
      writtenAt,
      ...(zone ? { timeZone: zone } : {}),
      text: content,
      tags,
      media: media.map(importedMedium),
      metadata,
    },
  };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
