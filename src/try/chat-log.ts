// npm run try's memory of the chat: every message (the owner's and the bot's) gets a number the terminal shows, so
// a reply can name it (`>3 text`); the last message with buttons is what `[2]` presses; topics by name.

/** An inline keyboard's button, as the bot sent it. */
export interface Button {
  text: string;
  callbackData?: string;
  url?: string;
}

/** A message of the chat, as an update needs to quote it (a reply's reply_to_message, a button's message). */
export interface LoggedMessage {
  number: number;
  messageId: number;
  fromBot: boolean;
  text: string;
  threadId?: number;
  buttons: Button[];
}

export interface ChatLog {
  /** Records a message (or the bot's edit of one: same id, same number) and returns its number. */
  record(message: Omit<LoggedMessage, 'number' | 'buttons'> & { buttons?: Button[] }): number;
  /** Replaces the buttons of the message with this id (the bot edited its keyboard). */
  setButtons(messageId: number, buttons: Button[]): void;
  byNumber(number: number): LoggedMessage | undefined;
  numberOf(messageId: number): number | undefined;
  /** The latest message that still has buttons. */
  lastWithButtons(): LoggedMessage | undefined;
  /** A topic the bot created, by name (any case). */
  addTopic(name: string, threadId: number): void;
  topic(name: string): number | undefined;
  topicNames(): string[];
}

/** The buttons of a reply_markup (JSON text or an object), in reading order. */
export function buttonsOf(markup: unknown): Button[] {
  let parsed = markup;
  if (typeof markup === 'string') {
    try {
      parsed = JSON.parse(markup);
    } catch {
      return [];
    }
  }
  const rows = (parsed as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (!Array.isArray(rows)) return [];
  return rows.flat().flatMap((b: unknown) => {
    const button = (b ?? {}) as { text?: unknown; callback_data?: unknown; url?: unknown; web_app?: { url?: unknown } };
    if (typeof button.text !== 'string') return [];
    const url = typeof button.url === 'string' ? button.url : button.web_app?.url;
    return [
      {
        text: button.text,
        ...(typeof button.callback_data === 'string' ? { callbackData: button.callback_data } : {}),
        ...(typeof url === 'string' ? { url } : {}),
      },
    ];
  });
}

export function createChatLog(): ChatLog {
  const messages: LoggedMessage[] = [];
  const byId = new Map<number, LoggedMessage>();
  const topics = new Map<string, { name: string; threadId: number }>();
  return {
    record(message) {
      const known = byId.get(message.messageId);
      if (known) {
        Object.assign(known, { text: message.text, buttons: message.buttons ?? known.buttons });
        return known.number;
      }
      const logged: LoggedMessage = { ...message, buttons: message.buttons ?? [], number: messages.length + 1 };
      messages.push(logged);
      byId.set(logged.messageId, logged);
      return logged.number;
    },
    setButtons(messageId, buttons) {
      const known = byId.get(messageId);
      if (known) known.buttons = buttons;
    },
    byNumber: (number) => messages[number - 1],
    numberOf: (messageId) => byId.get(messageId)?.number,
    lastWithButtons: () => messages.findLast((m) => m.buttons.length > 0),
    addTopic: (name, threadId) => void topics.set(name.toLowerCase(), { name, threadId }),
    topic: (name) => topics.get(name.trim().toLowerCase())?.threadId,
    topicNames: () => [...topics.values()].map((t) => t.name),
  };
}
