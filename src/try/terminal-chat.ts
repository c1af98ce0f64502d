// npm run try's side of the conversation: a typed line becomes the Telegram update the owner's message would be, and
// each call the bot makes is printed as the owner would see it; photos and files it sends are written to a folder and
// their paths printed, since a terminal cannot show them.
import { richMessageText } from './rich-message-text.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BotCall } from './local-bot-api.ts';
import type { UploadedFile } from './multipart.ts';

/** The owner's private chat, as Telegram would deliver a typed line. */
export interface ChatUpdates {
  /** The update for one typed line: a message, with a bot_command entity when it starts with "/". */
  message(text: string): Record<string, unknown>;
}

/**
 * Update and message ids start at the clock in milliseconds: a journal kept between sessions already holds earlier
 * sessions' messages, and a repeated (chat, message) id would be taken for a redelivery and dropped.
 */
export function chatUpdates(ownerId: number, clock: () => Date): ChatUpdates {
  let next = clock().getTime();
  return {
    message(text) {
      const id = next++;
      const command = /^\/\S+/.exec(text);
      return {
        update_id: id,
        message: {
          message_id: id,
          date: Math.floor(clock().getTime() / 1000),
          chat: { id: ownerId, type: 'private', first_name: 'You' },
          from: { id: ownerId, is_bot: false, first_name: 'You' },
          text,
          ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
        },
      };
    },
  };
}

/** The labels of a message's buttons, so the owner sees what Telegram would offer under it. */
function buttonLabels(markup: unknown): string {
  const parsed = typeof markup === 'string' ? safeJson(markup) : markup;
  const rows = (parsed as { inline_keyboard?: { text?: string }[][] } | undefined)?.inline_keyboard;
  if (!Array.isArray(rows)) return '';
  const labels = rows
    .flat()
    .map((b) => b?.text)
    .filter((t): t is string => typeof t === 'string');
  return labels.length ? `\n  [${labels.join('] [')}]` : '';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Prints the bot's side of the chat: `write` gets each reply as the lines to show. */
export function botReplies(folder: string, write: (text: string) => void): (call: BotCall) => void {
  let saved = 0;
  const save = (file: UploadedFile | undefined, fallback: string): string | null => {
    if (!file) return null;
    mkdirSync(folder, { recursive: true });
    saved += 1;
    const name = `${String(saved).padStart(3, '0')}-${path.basename(file.name || fallback).replace(/[^\w.-]/g, '_')}`;
    const target = path.join(folder, name);
    writeFileSync(target, file.content);
    return target;
  };
  // grammY uploads a file as a multipart part and names it in the field as attach://<part name>.
  const uploaded = (payload: Record<string, unknown>, field: string) => {
    const parts = payload.files as Record<string, UploadedFile> | undefined;
    const named = String(payload[field] ?? '');
    return parts?.[named.startsWith('attach://') ? named.slice('attach://'.length) : field];
  };
  const caption = (payload: Record<string, unknown>) =>
    typeof payload.caption === 'string' && payload.caption ? `\n${payload.caption}` : '';
  return ({ method, payload }) => {
    switch (method) {
      case 'sendMessage':
        return write(`${String(payload.text ?? '')}${buttonLabels(payload.reply_markup)}`);
      case 'sendRichMessage':
        return write(richMessageText(payload.rich_message));
      case 'editMessageText':
        return write(`(edited) ${String(payload.text ?? '')}${buttonLabels(payload.reply_markup)}`);
      case 'sendPhoto': {
        const file = save(uploaded(payload, 'photo'), 'photo.png');
        return write(`${file ? `[photo written to ${file}]` : `[photo ${String(payload.photo)}]`}${caption(payload)}`);
      }
      case 'sendDocument': {
        const file = save(uploaded(payload, 'document'), 'file');
        return write(`${file ? `[file written to ${file}]` : `[file ${String(payload.document)}]`}${caption(payload)}`);
      }
      case 'setMessageReaction': {
        const emoji = (payload.reaction as { emoji?: string }[] | undefined)?.map((r) => r.emoji).join('') ?? '';
        return emoji ? write(`(${emoji} on your message)`) : undefined;
      }
      default:
        return; // typing, drafts of an answer still being written: the final message is what counts
    }
  };
}
