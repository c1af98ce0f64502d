/**
 * The parts of a Telegram Desktop export (result.json) the importer reads, checked by hand rather than with zod: the
 * parse worker then starts without loading zod, and a message is read without a schema's per-field work. test/importer/export-format.test.ts holds the zod schemas these replaced and checks both agree.
 */

/** `"user123"` since tdesktop v2.7.2, a bare number before. */
type PeerId = string | number;

/** One element of `messages`. New keys appear often, so unknown keys are dropped, not rejected. */
export interface ExportMessage {
  id?: number;
  type?: string;
  /** Wall-clock time of the exporting computer, no zone. */
  date?: string;
  /** Unix seconds, written as a string (tolerated as a number). */
  date_unixtime?: string | number;
  edited_unixtime?: string | number;
  /** Wall-clock time of the edit, no zone (the only edit time before v3.7.6); dropped when not a string. */
  edited?: string;
  /** `{question, answers: [{text}]}`; question and answers' text may be strings or part arrays. */
  poll?: unknown;
  from_id?: PeerId | null;
  forwarded_from?: string | null;
  saved_from?: string | null;
  /** A string, an array of strings and `{type, text}` parts, or (newest versions) a rich object. */
  text?: unknown;
  text_entities?: unknown;
  /** Media (see export-media.ts): a photo has only `photo`; a document has `file` and, unless a plain file, `media_type`. */
  photo?: unknown;
  file?: unknown;
  file_name?: unknown;
  media_type?: unknown;
  duration_seconds?: unknown;
  file_size?: unknown;
  photo_file_size?: unknown;
  width?: unknown;
  height?: unknown;
  mime_type?: unknown;
}

/** Keys kept as they are, whatever they hold. */
const ANY_KEYS = [
  'poll',
  'text',
  'text_entities',
  'photo',
  'file',
  'file_name',
  'media_type',
  'duration_seconds',
  'file_size',
  'photo_file_size',
  'width',
  'height',
  'mime_type',
] as const;

const isString = (v: unknown): v is string => typeof v === 'string';
/** A finite number (JSON's 1e400 reads as Infinity, which is none). */
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isWhole = (v: unknown): v is number => Number.isSafeInteger(v);
const isStringOrNumber = (v: unknown): v is string | number => isString(v) || isNumber(v);
const isStringOrNull = (v: unknown): v is string | null => v === null || isString(v);

/** Each checked key and what it must hold when present (absent, or undefined, always passes). */
const CHECKED: [keyof ExportMessage, (v: unknown) => boolean][] = [
  ['id', isWhole],
  ['type', isString],
  ['date', isString],
  ['date_unixtime', isStringOrNumber],
  ['edited_unixtime', isStringOrNumber],
  ['from_id', (v) => v === null || isStringOrNumber(v)],
  ['forwarded_from', isStringOrNull],
  ['saved_from', isStringOrNull],
];

/** A message's keys the importer reads, or null if one of them holds the wrong kind of value (a malformed message). */
export function exportMessageOf(raw: unknown): ExportMessage | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const value = raw as Record<string, unknown>;
  const message: Record<string, unknown> = {};
  for (const [key, check] of CHECKED) {
    if (!(key in value)) continue;
    const v = value[key];
    if (v !== undefined && !check(v)) return null;
    message[key] = v;
  }
  for (const key of ANY_KEYS) if (key in value) message[key] = value[key];
  // A wrong `edited` is dropped, not a reason to skip the message.
  if ('edited' in value) message.edited = isString(value.edited) ? value.edited : undefined;
  return message;
}

/** A chat's own keys; `name` is absent for Saved Messages, and anything may be missing in hand-made files. */
export interface ExportChatMeta {
  name?: string | null;
  type?: string;
  id?: number;
}

/** A chat's keys as the importer reads them: a wrong one counts as absent (a wrong name as null). */
export function exportChatOf(object: Record<string, unknown>): ExportChatMeta {
  const meta: ExportChatMeta = {};
  if ('name' in object) meta.name = object.name === undefined || isStringOrNull(object.name) ? object.name : null;
  if ('type' in object) meta.type = isString(object.type) ? object.type : undefined;
  if ('id' in object) meta.id = isWhole(object.id) ? object.id : undefined;
  return meta;
}

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
export const DAMAGE_REASONS: ReadonlySet<SkipReason> = new Set([
  'no-id',
  'no-date',
  'bad-date',
  'bad-text',
  'too-deep',
  'malformed',
  'duplicate-id',
]);
