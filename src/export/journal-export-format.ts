/**
 * The journal's own export file, version 1: every entry field, losslessly, so `npm run import` of it rebuilds the
 * journal. One JSON object; the keys before `entries` say what it is, each entry is one line. Documented in
 * docs/exporting.md; the zod schema below is what a re-import accepts.
 */
import { z } from 'zod';
import { isWritableDay } from '../journal/dates/local-moment.ts';
import { entryMetadataSchema } from '../journal/entries/entry-metadata.ts';
import { SOURCE_APPS } from '../journal/entries/entry-source.ts';
import { MEDIA_KINDS } from '../journal/media/media.ts';
import type { EntrySourceApp } from '../db/schema.ts';

export const EXPORT_FORMAT = 'journal-objects-export';
export const EXPORT_VERSION = 1;

const instant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, { error: 'must be an ISO instant in UTC, e.g. 2024-04-01T09:30:00.000Z' });
const day = z.string().refine(isWritableDay, { error: 'must be YYYY-MM-DD, years 0001 to 9999' });
const count = z.number().int().min(0);

export const exportedRevisionSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  replaced_at: instant,
});

export const exportedMediaSchema = z.strictObject({
  kind: z.enum(MEDIA_KINDS),
  file_id: z.string().nullable(),
  file_name: z.string().nullable(),
  duration_seconds: count.nullable(),
  file_size: count.nullable(),
  /** When the content became the transcript; null while it is the label. */
  transcribed_at: instant.nullable(),
});

/** One medium of an entry, in order; `path` names its file in the export's media/ folder when its bytes were written. */
export const exportedMediaItemSchema = z.strictObject({
  kind: z.enum(MEDIA_KINDS),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be 64 lower-case hex digits' }).nullable(),
  mime_type: z.string().nullable(),
  size: count.nullable(),
  width: count.nullable(),
  height: count.nullable(),
  duration_seconds: count.nullable(),
  file_name: z.string().nullable(),
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
  local_time: z.string().regex(/^\d{2}:\d{2}$/, { error: 'must be HH:mm' }),
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
