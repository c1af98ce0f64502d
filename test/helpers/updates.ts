// Builders for the Telegram updates tests feed to the bot.
export const OWNER_ID = 111;
export const STRANGER_ID = 999;

let nextMessageId = 1;

export interface MessageOptions {
  from?: number;
  chatId?: number;
  chatType?: 'private' | 'group' | 'supergroup';
  messageId?: number;
  /** Unix seconds. */
  date?: number;
}

function base(o: MessageOptions) {
  const from = o.from ?? OWNER_ID;
  const chatType = o.chatType ?? 'private';
  return {
    message_id: o.messageId ?? nextMessageId++,
    date: o.date ?? Math.floor(Date.UTC(2024, 3, 15, 9, 0) / 1000),
    chat:
      chatType === 'private'
        ? { id: o.chatId ?? from, type: 'private', first_name: 'Owner' }
        : { id: o.chatId ?? -100123, type: chatType, title: 'A group' },
    from: { id: from, is_bot: false, first_name: 'Owner' },
  };
}

export function textUpdate(text: string, o: MessageOptions = {}) {
  const entities = text.startsWith('/')
    ? [{ type: 'bot_command', offset: 0, length: text.split(/\s/)[0]!.length }]
    : undefined;
  return { message: { ...base(o), text, ...(entities ? { entities } : {}) } };
}

export function photoUpdate(caption: string | undefined, o: MessageOptions = {}) {
  return {
    message: {
      ...base(o),
      photo: [{ file_id: 'photo-1', file_unique_id: 'p1', width: 90, height: 90 }],
      ...(caption !== undefined ? { caption } : {}),
    },
  };
}

export function documentUpdate(
  fileId: string,
  fileName: string,
  fileSize: number,
  o: MessageOptions & { caption?: string } = {},
) {
  return {
    message: {
      ...base(o),
      document: {
        file_id: fileId,
        file_unique_id: `u-${fileId}`,
        file_name: fileName,
        mime_type: 'application/json',
        file_size: fileSize,
      },
      ...(o.caption !== undefined ? { caption: o.caption } : {}),
    },
  };
}

export function editUpdate(text: string, messageId: number, o: MessageOptions & { editDate?: number } = {}) {
  const b = base({ ...o, messageId });
  return { edited_message: { ...b, text, edit_date: o.editDate ?? b.date + 60 } };
}

/** A message carrying `fields` (voice, video_note, sticker, document…) besides the usual ones. */
export function mediaUpdate(fields: Record<string, unknown>, o: MessageOptions = {}) {
  return { message: { ...base(o), ...fields } };
}
