// npm run try's view of what the bot does: each call it makes is printed as the owner would see it in Telegram.
// Messages carry the number a reply names (`>3 …`), buttons the number that presses them (`[2]`); photos and files
// the bot sends are written to a folder and their paths printed, since a terminal cannot show them.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { richMessageText } from './rich-message-text.ts';
import { buttonsOf, type Button, type ChatLog } from './chat-log.ts';
import type { BotCall } from './local-bot-api.ts';
import type { UploadedFile } from './multipart.ts';

/** A message's buttons under it, numbered for `[n]`; links say where they go. */
export function buttonLine(buttons: readonly Button[]): string {
  if (buttons.length === 0) return '';
  const shown = buttons.map(
    (b, i) => `[${i + 1} ${b.text}${b.callbackData === undefined && b.url ? ` → ${b.url}` : ''}]`,
  );
  return `\n  ${shown.join(' ')}`;
}

/** Prints the bot's side of the chat: `write` gets each reply as the lines to show; `log` numbers the messages. */
export function botReplies(folder: string, log: ChatLog, write: (text: string) => void): (call: BotCall) => void {
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
  /** Records a message the bot sent (or edited) and prints it under its number. */
  const show = (call: BotCall, text: string, edited = false) => {
    const messageId = Number(
      (call.result as { message_id?: unknown } | undefined)?.message_id ?? call.payload.message_id,
    );
    const buttons = buttonsOf(call.payload.reply_markup);
    const threadId = call.payload.message_thread_id;
    const number = log.record({
      messageId,
      fromBot: true,
      text,
      buttons,
      ...(typeof threadId === 'number' ? { threadId } : {}),
    });
    write(`${edited ? `(${number} edited) ` : `${number}) `}${text}${buttonLine(buttons)}`);
  };
  return (call) => {
    const { method, payload } = call;
    switch (method) {
      case 'sendMessage':
        return show(call, String(payload.text ?? ''));
      case 'sendRichMessage':
        return show(call, richMessageText(payload.rich_message));
      case 'editMessageText':
        return show(call, String(payload.text ?? ''), true);
      case 'editMessageReplyMarkup': {
        const messageId = Number(payload.message_id);
        log.setButtons(messageId, buttonsOf(payload.reply_markup));
        const number = log.numberOf(messageId) ?? '?';
        const buttons = buttonsOf(payload.reply_markup);
        return write(buttons.length ? `(${number}'s buttons now)${buttonLine(buttons)}` : `(${number}'s buttons gone)`);
      }
      case 'answerCallbackQuery':
        return typeof payload.text === 'string' && payload.text ? write(`(notice) ${payload.text}`) : undefined;
      case 'sendPhoto': {
        const file = save(uploaded(payload, 'photo'), 'photo.png');
        return show(
          call,
          `${file ? `[photo written to ${file}]` : `[photo ${String(payload.photo)}]`}${caption(payload)}`,
        );
      }
      case 'sendDocument': {
        const file = save(uploaded(payload, 'document'), 'file');
        return show(
          call,
          `${file ? `[file written to ${file}]` : `[file ${String(payload.document)}]`}${caption(payload)}`,
        );
      }
      case 'createForumTopic': {
        const topic = call.result as { message_thread_id: number; name: string };
        log.addTopic(topic.name, topic.message_thread_id);
        return write(`(topic "${topic.name}" created: type ":topic ${topic.name}" to write in it, ":topic" to leave)`);
      }
      case 'deleteMessage':
        return write(`(message ${log.numberOf(Number(payload.message_id)) ?? '?'} deleted)`);
      case 'setMessageReaction': {
        const emoji = (payload.reaction as { emoji?: string }[] | undefined)?.map((r) => r.emoji).join('') ?? '';
        const number = log.numberOf(Number(payload.message_id));
        return emoji ? write(`(${emoji} on your message${number === undefined ? '' : ` ${number}`})`) : undefined;
      }
      default:
        return; // typing, drafts of an answer still being written: the final message is what counts
    }
  };
}
