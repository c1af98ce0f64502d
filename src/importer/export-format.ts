/** The parts of a Telegram Desktop export (result.json) the importer reads, as permissive zod schemas. */
import { z } from 'zod';

/** `"user123"` since tdesktop v2.7.2, a bare number before. */
const peerId = z.union([z.string(), z.number()]);

/** One element of `messages`. New keys appear often, so unknown keys are dropped, not rejected. */
export const exportMessageSchema = z.object({
  id: z.number().int().optional(),
  type: z.string().optional(),
  /** Wall-clock time of the exporting computer, no zone. */
  date: z.string().optional(),
  /** Unix seconds, written as a string (tolerated as a number). */
  date_unixtime: z.union([z.string(), z.number()]).optional(),
  edited_unixtime: z.union([z.string(), z.number()]).optional(),
  /** Wall-clock time of the edit, no zone (the only edit time before v3.7.6). */
  edited: z.string().optional().catch(undefined),
  /** `{question, answers: [{text}]}`; question and answers' text may be strings or part arrays. */
  poll: z.unknown().optional(),
  from_id: peerId.nullable().optional(),
  forwarded_from: z.string().nullable().optional(),
  saved_from: z.string().nullable().optional(),
  /** A string, an array of strings and `{type, text}` parts, or (newest versions) a rich object. */
  text: z.unknown().optional(),
  text_entities: z.unknown().optional(),
  /** Media (see export-media.ts): a photo has only `photo`; a document has `file` and, unless a plain file, `media_type`. */
  photo: z.unknown().optional(),
  file: z.unknown().optional(),
  file_name: z.unknown().optional(),
  media_type: z.unknown().optional(),
  duration_seconds: z.unknown().optional(),
  file_size: z.unknown().optional(),
  photo_file_size: z.unknown().optional(),
});

export type ExportMessage = z.infer<typeof exportMessageSchema>;

/** A chat's own keys; `name` is absent for Saved Messages, and anything may be missing in hand-made files. */
export const exportChatSchema = z.object({
  name: z.string().nullable().optional().catch(null),
  type: z.string().optional().catch(undefined),
  id: z.number().int().optional().catch(undefined),
});

export type ExportChatMeta = z.infer<typeof exportChatSchema>;

/** Chat types whose messages are all the owner's own: the chat with yourself, and channels (diaries). */
export const OWN_CHAT_TYPES: ReadonlySet<string> = new Set(['saved_messages', 'private_channel', 'public_channel']);

/** Why a message did not become an entry. */
export const SKIP_REASONS = [
  'service',
  'not-owner',
  'forwarded',
  'no-text',
  'no-id',
  'no-date',
  'bad-date',
  'bad-text',
  'too-deep',
  'malformed',
  'duplicate-id',
  'chat-not-selected',
] as const;

export type SkipReason = (typeof SKIP_REASONS)[number];

/** How each skip reason reads in a summary. */
export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  service: 'service messages',
  'not-owner': 'written by someone else',
  forwarded: 'forwarded',
  'no-text': 'without text',
  'no-id': 'without an id',
  'no-date': 'without a date',
  'bad-date': 'with an impossible or out-of-range date (years 1970–9999 only)',
  'bad-text': 'whose text is not text',
  'too-deep': 'nested too deeply',
  malformed: 'malformed',
  'duplicate-id': 'repeating a message id already seen in the chat (the first kept)',
  'chat-not-selected': 'in chats not selected',
};

/** Skips that mean the file is damaged or odd, not a normal kind of message: reported with their message ids. */
export const DAMAGE_REASONS: ReadonlySet<SkipReason> = new Set(['no-id', 'no-date', 'bad-date', 'bad-text', 'too-deep', 'malformed', 'duplicate-id']);
