/** Which chats of an export become entries: those named with --chat, else a default that holds only the owner's notes. */
import type { ExportChatMeta } from './export-format.ts';

/** Where a chat sits in the file: the root of a single-chat export, or a list of a full-account export. */
export type ChatSection = 'single' | 'chats' | 'left_chats';

export interface ChatIdentity extends ExportChatMeta {
  section: ChatSection;
}

/** The Bot API forms of an export id: users as is, basic groups `-id`, supergroups and channels `-100id`. */
function matchesId(selector: string, id: number | undefined): boolean {
  if (id === undefined || !/^-?\d+$/.test(selector)) return false;
  return selector === String(id) || selector === `-${id}` || selector === `-100${id}`;
}

/** Whether a `--chat` value names this chat: by id, by name (any case), or "Saved Messages". */
export function chatMatches(selector: string, chat: ChatIdentity): boolean {
  const wanted = selector.trim();
  if (matchesId(wanted, chat.id)) return true;
  const lower = wanted.toLowerCase();
  if (chat.type === 'saved_messages' && (lower === 'saved messages' || lower === 'saved')) return true;
  return typeof chat.name === 'string' && chat.name.trim().toLowerCase() === lower;
}

/**
 * Without --chat: a single-chat export is imported whole; from a full-account export, Saved Messages,
 * private channels (diaries) and the chat with this bot, if its id is known.
 */
export function isDefaultChoice(chat: ChatIdentity, botId: number | null): boolean {
  if (chat.section === 'single') return true;
  if (chat.section === 'left_chats') return false;
  if (chat.type === 'saved_messages' || chat.type === 'private_channel') return true;
  return chat.type === 'bot_chat' && botId !== null && chat.id === botId;
}

export function isSelected(chat: ChatIdentity, selectors: readonly string[], botId: number | null): boolean {
  return selectors.length === 0 ? isDefaultChoice(chat, botId) : selectors.some((s) => chatMatches(s, chat));
}
