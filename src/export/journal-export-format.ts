/**
 * The journal's own export file, version 1: every entry field, losslessly, so `npm run import` of it rebuilds the
 * journal. One JSON object; the keys before `entries` say what it is, each entry is one line. Documented in
 * docs/exporting.md; the zod schema below is what a re-import accepts.
 */
import { z } from 'zod';
import { isCalendarDay } from '../journal/dates/calendar-day.ts';
import { isWritableDay } from '../journal/dates/local-moment.ts';
import { isRealUtcInstant } from '../journal/dates/instant-format.ts';
import { entryMetadataSchema } from '../journal/entries/entry-metadata.ts';
import { SOURCE_APPS } from '../journal/entries/entry-source.ts';
import { MEDIA_KINDS, type MediaKind } from '../journal/media/media.ts';
import type { EntrySourceApp } from '../db/schema.ts';

export const EXPORT_FORMAT = 'journal-objects-export';
export const EXPORT_VERSION = 1;

const instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, {
    error: 'must be an ISO instant in UTC, e.g. 2024-04-01T09:30:00.000Z',
  })
  .refine(isRealUtcInstant, {
    error: 'is not a real time (month 01–12, a day the month has, hours 00–23, minutes and seconds 00–59)',
  });
const day = z
  .string()
  .refine(isWritableDay, { error: 'must be YYYY-MM-DD, years 0001 to 9999' })
  .refine(isCalendarDay, { error: 'is not a calendar day (month 01–12, a day the month has)' });
const count = z.number().int().min(0);
/** A media file's own name, as the person saw it (a label: the file itself is found by `path`): no control characters. */
const fileName = z
  .string()
  .min(1)
  .max(1024, { error: 'must be at most 1024 characters' })
  // eslint-disable-next-line no-control-regex
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), { error: 'must be a file name without control characters' });
/** A MIME type (`image/jpeg`, `audio/ogg; codecs=opus`). */
const mimeType = z.string().regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(;[ -~]*)?$/i, {
  error: 'must be a MIME type such as image/jpeg',
});

export const exportedRevisionSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  replaced_at: instant,
});

export const exportedMediaSchema = z.strictObject({
  kind: z.enum(MEDIA_KINDS as unknown as [MediaKind, ...MediaKind[]]),
  file_id: z.string().nullable(),
  file_name: fileName.nullable(),
  duration_seconds: count.nullable(),
  file_size: count.nullable(),
  /** When the content became the transcript; null while it is the label. */
  transcribed_at: instant.nullable(),
});

/** One medium of an entry, in order; `path` names its file in the export's media/ folder when its bytes were written. */
export const exportedMediaItemSchema = z.strictObject({
  kind: z.enum(MEDIA_KINDS as unknown as [MediaKind, ...MediaKind[]]),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'must be 64 lower-case hex digits' })
    .nullable(),
  mime_type: mimeType.nullable(),
  size: count.nullable(),
  width: count.nullable(),
  height: count.nullable(),
  duration_seconds: count.nullable(),
  file_name: fileName.nullable(),
  file_id: z.string().nullable(),
  /** Why its bytes are not in the journal (too big, not in an imported export…); null when they are. */
  note: z.string().nullable(),
  path: z
    .string()
    .regex(/^media\/[0-9a-f]{64}(\.[a-z0-9]+)?$/, { error: 'must be media/<sha256>.<extension>' })
    .nullable(),
});

export type ExportedMediaItem = z.infer<typeof exportedMediaItemSchema>;

export const exportedEntrySchema = z.strictObject({
  id: z.number().int().positive(),
  source: z.enum(['live', 'import']),
  chat_id: z.number().int(),
  message_id: z.number().int(),
  written_at: instant,
  local_day: day,
  local_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be HH:mm, 00:00 to 23:59' }),
  title: z.string(),
  content: z.string(),
  edited_at: instant.nullable(),
  created_at: instant,
  media: exportedMediaSchema.nullable(),
  /** Every medium of the entry in order (`media` is the first, as version 1 always had it); absent when none. */
  media_items: z.array(exportedMediaItemSchema).optional(),
  tags: z.array(z.string().min(1)),
  revisions: z.array(exportedRevisionSchema),
  /** The app it came from and its id there; absent in exports written before they were recorded (then Telegram). */
  source_app: z.enum(SOURCE_APPS as unknown as [EntrySourceApp, ...EntrySourceApp[]]).optional(),
  source_id: z.string().nullable().optional(),
  /** Starred, place, weather, the entry's own zone, its media list (journal/entries/entry-metadata.ts); null when none. */
  metadata: entryMetadataSchema.nullable().optional(),
  /** The writing prompt the entry answered (a reply to /prompt or a reminder); absent when none. */
  prompt: z.string().optional(),
  /** The journal it belongs to (a topic's name); absent for the main journal, and in exports written before journals. */
  journal: z.string().min(1).max(1024).optional(),
});

export type ExportedEntry = z.infer<typeof exportedEntrySchema>;

/** A day's mood, 1 (😞) to 5 (😄), and when it was set. */
export const exportedMoodSchema = z.strictObject({
  day,
  mood: z.number().int().min(1, { error: 'must be 1 to 5' }).max(5, { error: 'must be 1 to 5' }),
  set_at: instant,
});

export const exportedMoodsSchema = z.array(exportedMoodSchema);

/** An export's moods, each checked on its own: the good ones, and each bad one named (`moods.2.mood must be 1 to 5`). */
export function readExportedMoods(value: unknown): { moods: ExportedMood[]; damaged: string[] } {
  if (!Array.isArray(value)) return { moods: [], damaged: ['moods is not a list (not imported)'] };
  const moods: ExportedMood[] = [];
  const damaged: string[] = [];
  value.forEach((item: unknown, i) => {
    const parsed = exportedMoodSchema.safeParse(item);
    if (parsed.success) moods.push(parsed.data);
    else
      damaged.push(
        `moods.${i}${dayOf(item)}: ${parsed.error.issues[0]!.path.join('.') || 'mood'} ${parsed.error.issues[0]!.message} (not imported)`,
      );
  });
  return { moods, damaged };
}

/** ` (day 2024-05-01)` when a damaged mood still names a day a person can find. */
const dayOf = (item: unknown) => {
  const d = item !== null && typeof item === 'object' ? (item as { day?: unknown }).day : undefined;
  return typeof d === 'string' && d.length <= 40 ? ` (day ${d})` : '';
};

export type ExportedMood = z.infer<typeof exportedMoodSchema>;

/** The keys before `entries`. */
export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exported_at: string;
  owner_id: number;
  /** JOURNAL_TIMEZONE and JOURNAL_DAY_STARTS_AT the local days and times were computed with. */
  time_zone: string;
  day_starts_at: string;
  /** The owner's moods by journal day, oldest first; in the first part only, absent when there are none. */
  moods?: ExportedMood[];
  /** 1, 2, …: an export too big for one file (a Telegram upload) is split; each part is a whole export of its entries. */
  part: number;
}
