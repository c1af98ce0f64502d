/** One export message → an entry draft, or the reason it is not one. Pure. */
import { textOrLabel, type EntryDraft } from '../journal/entry.ts';
import { instantFromLocal } from '../journal/local-day.ts';
import { exportMessageSchema, OWN_CHAT_TYPES, type ExportMessage, type SkipReason } from './export-format.ts';
import { exportHashtags, mediaOfExport } from './export-media.ts';

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

/** The readable text of `text` in any of its shapes: string, array of strings and parts, or a rich object. */
export function flattenText(text: unknown): string {
  if (typeof text === 'string') return text;
  if (Array.isArray(text)) return text.map(flattenText).join('');
  if (text !== null && typeof text === 'object' && 'text' in text) return flattenText((text as { text: unknown }).text);
  return '';
}

function isOwnersMessage(message: ExportMessage, context: MessageContext): boolean {
  if (context.chatType !== null && OWN_CHAT_TYPES.has(context.chatType)) return true;
  const from = message.from_id;
  if (typeof from === 'string') return from === `user${context.ownerId}`;
  return typeof from === 'number' && (from === context.ownerId || from === context.ownerId + USER_PEER_SHIFT);
}

function unixSeconds(value: string | number | undefined): Date | null {
  if (value === undefined || (typeof value === 'string' && !/^\d{1,12}$/.test(value.trim()))) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
}

/** The instant: `date_unixtime`, else the zone-less `date` read in the journal's zone. */
function writtenAt(message: ExportMessage, timeZone: string): Date | null {
  return unixSeconds(message.date_unixtime) ?? (message.date ? instantFromLocal(message.date, timeZone) : null);
}

export function parseMessage(raw: unknown, context: MessageContext): ParsedMessage {
  const parsed = exportMessageSchema.safeParse(raw);
  if (!parsed.success) return { skip: 'malformed' };
  const message = parsed.data;
  if (message.type !== 'message') return { skip: message.type === 'service' ? 'service' : 'no-text' };
  if (!isOwnersMessage(message, context)) return { skip: 'not-owner' };
  if (message.forwarded_from !== undefined || message.saved_from !== undefined) return { skip: 'forwarded' };
  const written = flattenText(message.text ?? message.text_entities);
  const media = mediaOfExport(message);
  // A voice note or bare photo is an entry of its kind; a sticker, or nothing at all, is not.
  if (written.trim() === '' && !media) return { skip: 'no-text' };
  const text = media ? textOrLabel(written, media) : written;
  if (message.id === undefined || context.chatId === null) return { skip: 'no-id' };
  const at = writtenAt(message, context.timeZone);
  if (!at) return { skip: 'no-date' };
  const hashtags = exportHashtags(message);
  return {
    draft: {
      // Only when there are: most messages have neither, and drafts cross to the importer's thread by copy.
      ...(media ? { media } : {}),
      ...(hashtags.length > 0 ? { hashtags } : {}),
      ownerId: context.ownerId,
      source: 'import',
      chatId: context.chatId,
      messageId: message.id,
      writtenAt: at,
      text,
      editedAt: unixSeconds(message.edited_unixtime),
    },
  };
}
