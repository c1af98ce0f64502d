/**
 * What to do with a chat's messages, from its own keys. Pure, so the parse worker and the main thread,
 * given the same keys, reach the same decision: the worker parses exactly the messages the main thread imports.
 */
import { isSelected, type ChatSection } from './chat-selection.ts';
import { exportChatOf } from './export-format.ts';
import type { MessageContext } from './parse-message.ts';

/** A chat as read so far: its place in the file, its own keys (name, type, id), its messages counted. */
export interface ChatSnapshot {
  key: string;
  section: ChatSection;
  object: Record<string, unknown>;
  messages: number;
}

export interface ChatReport {
  key: string;
  section: ChatSection;
  name: string | null;
  type: string | null;
  id: number | null;
  messages: number;
  selected: boolean;
  imported: number;
  alreadyPresent: number;
}

export interface ChatState {
  decision: 'import' | 'skip' | 'deferred';
  context: MessageContext;
  mayBeLive: boolean;
  report: ChatReport;
}

/** The options a chat decision depends on (a subset of ImportOptions, cloneable to a worker). */
export interface ChoiceOptions {
  ownerId: number;
  timeZone: string;
  chats?: readonly string[];
  botId?: number | null;
}

/** `final`: no more keys will come (the file was read), so a chat without type or id is decided anyway. */
export function chatState(chat: ChatSnapshot, final: boolean, options: ChoiceOptions): ChatState {
  const meta = exportChatOf(chat.object);
  const botId = options.botId ?? null;
  const known = meta.type !== undefined && meta.id !== undefined;
  const selected = isSelected({ ...meta, section: chat.section }, options.chats ?? [], botId);
  return {
    decision: !known && !final ? 'deferred' : selected ? 'import' : 'skip',
    context: {
      ownerId: options.ownerId,
      chatId: meta.id ?? null,
      chatType: meta.type ?? null,
      timeZone: options.timeZone,
    },
    mayBeLive: meta.type === 'bot_chat' && botId !== null && meta.id === botId,
    report: {
      key: chat.key,
      section: chat.section,
      name: meta.name ?? null,
      type: meta.type ?? null,
      id: meta.id ?? null,
      messages: 0,
      selected,
      imported: 0,
      alreadyPresent: 0,
    },
  };
}
