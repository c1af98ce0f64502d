/** One export message → an entry draft, or the reason it is not one. Pure. */
import { textOrLabel, type EntryDraft } from '../../journal/entries/entry.ts';
import { fromUnixSeconds, inEntryYears, instantFromLocal } from '../../journal/dates/local-moment.ts';
import { exportMessageOf, OWN_CHAT_TYPES, type ExportMessage, type SkipReason } from './export-format.ts';
import { exportHashtags, mediaOfExport } from './export-media.ts';
import { exportMarkdown } from './export-text.ts';

/** A draft from an export: also carries when the message was last edited, if it was. */
export interface ImportedDraft extends EntryDraft {
  editedAt: Date | null;
}

export type ParsedMessage = { draft: ImportedDraft } | { skip: SkipReason };

/** What a message is read against: whose journal, which chat, which zone for zone-less dates. */
export interface MessageContext {
  ownerId: number;
  chatId: number | null;
  chatType: string | null;
  timeZone: string;
}

/** Old exports (v2.4.0–v2.7.1) wrote a user's from_id as the peer id shifted by 2^32. */
const USER_PEER_SHIFT = 2 ** 32;

/** Deeper `text` than this is not text a person wrote (real exports nest two or three levels). */
export const MAX_TEXT_DEPTH = 100;

/**
 * The plain words of `text` in any of its shapes (a string; an array of strings and `{type, text}` parts; a rich
 * object with `text`), or null when it is not text: a number, a boolean, null inside an array, or nesting past
 * MAX_TEXT_DEPTH. Iterative, so no shape can exhaust the stack.
 */
export function readText(text: unknown): string | null {
  const out: string[] = [];
  const stack: { value: unknown; depth: number }[] = [{ value: text, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') out.push(value);
    else if (depth >= MAX_TEXT_DEPTH) return null;
    else if (Array.isArray(value))
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth: depth + 1 });
    else if (value !== null && typeof value === 'object') {
      // A part without text (a future kind of entity) adds nothing; its text, if any, must be text.
      // A link's address is kept by exportMarkdown (`[text](url)`); here only the words count.
      if ('text' in value) stack.push({ value: (value as { text?: unknown }).text, depth: depth + 1 });
    } else return null;
  }
  return out.join('');
}

function isOwnersMessage(message: ExportMessage, context: MessageContext): boolean {
  if (context.chatType !== null && OWN_CHAT_TYPES.has(context.chatType)) return true;
  const from = message.from_id;
  if (typeof from === 'string') return from === `user${context.ownerId}`;
  return typeof from === 'number' && (from === context.ownerId || from === context.ownerId + USER_PEER_SHIFT);
}

/** Unix seconds (a digit string or a whole number) as an instant; null if not one or out of range. */
function unixSeconds(value: string | number, timeZone: string): Date | null {
  const seconds = typeof value === 'string' ? (/^\d{1,12}$/.test(value.trim()) ? Number(value) : NaN) : value;
  if (!Number.isSafeInteger(seconds)) return null;
  const at = fromUnixSeconds(seconds);
  return inEntryYears(at, timeZone) ? at : null;
}

/** A zone-less `date` that is a real calendar time (2024-02-30 and 25:00 are not), read in the zone; null if not. */
function wallClockInstant(date: string, timeZone: string): Date | null {
  const at = instantFromLocal(date, timeZone);
  return at && inEntryYears(at, timeZone) ? at : null;
}

/**
 * When the message was edited: `edited_unixtime`, else (exports before v3.7.6) `edited` read in the zone as `date`
 * is. Exports before v2.1.9 wrote `edited` on every message, 1970-01-01 for unedited ones: that is no edit.
 */
function editedAt(message: ExportMessage, timeZone: string): Date | null {
  if (message.edited_unixtime !== undefined) return unixSeconds(message.edited_unixtime, timeZone);
  if (message.edited === undefined || message.edited.startsWith('1970-01-01')) return null;
  return wallClockInstant(message.edited, timeZone);
}

/** `[poll] question: option, option…`: a poll's words, which an export keeps apart from `text`. */
export function pollText(poll: unknown): string | null {
  if (poll === null || typeof poll !== 'object') return null;
  const { question, answers } = poll as { question?: unknown; answers?: unknown };
  const asked = readText(question ?? '')?.trim() ?? '';
  const options = Array.isArray(answers)
    ? answers
        .map((a) =>
          a !== null && typeof a === 'object' ? readText((a as { text?: unknown }).text ?? '')?.trim() : null,
        )
        .filter((a): a is string => !!a)
    : [];
  if (asked === '' && options.length === 0) return null;
  return `[poll] ${asked}${options.length ? `: ${options.join(', ')}` : ''}`;
}

/** The instant: `date_unixtime`, else the zone-less `date`. `bad` when present but not a real time in range. */
function writtenAt(message: ExportMessage, timeZone: string): Date | 'missing' | 'bad' {
  if (message.date_unixtime !== undefined) return unixSeconds(message.date_unixtime, timeZone) ?? 'bad';
  if (message.date !== undefined) return wallClockInstant(message.date, timeZone) ?? 'bad';
  return 'missing';
}

export function parseMessage(raw: unknown, context: MessageContext): ParsedMessage {
  const message = exportMessageOf(raw);
  if (!message) return { skip: 'malformed' };
  if (message.type !== 'message') return { skip: message.type === 'service' ? 'service' : 'no-text' };
  if (!isOwnersMessage(message, context)) return { skip: 'not-owner' };
  if (message.forwarded_from !== undefined || message.saved_from !== undefined) return { skip: 'forwarded' };
  const shown = message.text ?? message.text_entities ?? '';
  // The words decide what the message is; the entry keeps them with their formatting, as Markdown.
  const written = readText(shown);
  const formatted = written === null ? null : exportMarkdown(shown, readText);
  if (written === null || formatted === null) return { skip: 'bad-text' };
  const media = mediaOfExport(message);
  const poll = written.trim() === '' ? pollText(message.poll) : null;
  // A voice note or bare photo is an entry of its kind, a poll one of its words; a sticker, or nothing at all, is not.
  if (written.trim() === '' && !media && !poll) return { skip: 'no-text' };
  const text = poll ?? (media ? textOrLabel(formatted, media) : formatted);
  if (message.id === undefined || context.chatId === null) return { skip: 'no-id' };
  const at = writtenAt(message, context.timeZone);
  if (at === 'missing') return { skip: 'no-date' };
  if (at === 'bad') return { skip: 'bad-date' };
  const hashtags = exportHashtags(message);
  return {
    draft: {
      // Only when there are: most messages have neither, and drafts cross to the importer's thread by copy.
      ...(media ? { media: [media] } : {}),
      ...(hashtags.length > 0 ? { hashtags } : {}),
      ownerId: context.ownerId,
      source: 'import',
      chatId: context.chatId,
      messageId: message.id,
      writtenAt: at,
      text,
      editedAt: editedAt(message, context.timeZone),
    },
  };
}
