// npm run try's side of the conversation: a typed line becomes the Telegram update the owner's action would be: a
// message (in the topic the terminal is in, maybe a reply to a numbered message), a photo or voice note for a line
// that is the path of a picture or audio file, or the press of a button.
import { STAND_IN_BOT_INFO } from './bot-api-answers.ts';
import type { LoggedMessage } from './chat-log.ts';

/** Where a message goes: the topic it is in, the message it replies to. */
export interface MessagePlace {
  threadId?: number;
  replyTo?: LoggedMessage;
}

/** A file the owner sends, as its message describes it. */
export type SentFile =
  | { kind: 'photo'; fileId: string; size: number; width: number; height: number }
  | { kind: 'voice'; fileId: string; size: number; duration: number; mimeType: string };

/** The owner's private chat, as Telegram would deliver what the terminal does. */
export interface ChatUpdates {
  /** A message: with a bot_command entity when it starts with "/". */
  message(text: string, place?: MessagePlace): Record<string, unknown>;
  /** A photo or a voice note, with no caption. */
  file(file: SentFile, place?: MessagePlace): Record<string, unknown>;
  /** The press of a button (its callback data) under the bot's message. */
  press(message: LoggedMessage, data: string): Record<string, unknown>;
}

/**
 * Update and message ids start at the clock in milliseconds: a journal kept between sessions already holds earlier
 * sessions' messages, and a repeated (chat, message) id would be taken for a redelivery and dropped.
 */
export function chatUpdates(ownerId: number, clock: () => Date): ChatUpdates {
  let next = clock().getTime();
  const chat = { id: ownerId, type: 'private', first_name: 'You' };
  const owner = { id: ownerId, is_bot: false, first_name: 'You' };
  const unix = () => Math.floor(clock().getTime() / 1000);
  /** A message of the log as Telegram quotes it. */
  const quoted = (m: LoggedMessage) => ({
    message_id: m.messageId,
    date: unix(),
    chat,
    from: m.fromBot ? STAND_IN_BOT_INFO : owner,
    text: m.text,
    ...(m.threadId === undefined ? {} : { message_thread_id: m.threadId, is_topic_message: true }),
  });
  const messageUpdate = (fields: Record<string, unknown>, place: MessagePlace = {}) => {
    const id = next++;
    return {
      update_id: id,
      message: {
        message_id: id,
        date: unix(),
        chat,
        from: owner,
        ...(place.threadId === undefined ? {} : { message_thread_id: place.threadId, is_topic_message: true }),
        ...(place.replyTo ? { reply_to_message: quoted(place.replyTo) } : {}),
        ...fields,
      },
    };
  };
  return {
    message(text, place) {
      const command = /^\/\S+/.exec(text);
      return messageUpdate(
        { text, ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}) },
        place,
      );
    },
    file(file, place) {
      const ids = { file_id: file.fileId, file_unique_id: `u-${file.fileId}`, file_size: file.size };
      return messageUpdate(
        file.kind === 'photo'
          ? { photo: [{ ...ids, width: file.width, height: file.height }] }
          : { voice: { ...ids, duration: file.duration, mime_type: file.mimeType } },
        place,
      );
    },
    press(message, data) {
      const id = next++;
      return {
        update_id: id,
        callback_query: { id: String(id), from: owner, message: quoted(message), chat_instance: String(ownerId), data },
      };
    },
  };
}
