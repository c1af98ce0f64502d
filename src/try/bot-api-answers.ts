// What a Bot API stand-in answers to the calls the bot makes every day (the bot's identity, the messages it sends):
// one definition for npm run try's local Telegram and the tests' stand-in, which adds failures and delays around it.

/** The stand-in bot's identity, as getMe returns it (grammY checks every field's presence). */
export const STAND_IN_BOT_INFO = {
  id: 4242,
  is_bot: true as const,
  first_name: 'Journal',
  username: 'journal_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

/** A Bot API call's parameters: JSON, query string or multipart fields. */
export type CallPayload = Record<string, unknown>;

/** Message ids the stand-in hands out, from one counter per stand-in. */
export interface MessageIds {
  next(): number;
}

export function messageIds(first = 10_000): MessageIds {
  let id = first;
  return { next: () => id++ };
}

/** The Message Telegram returns for a message the bot sent with `payload`, plus `extra` fields. */
export function sentMessage(
  payload: CallPayload,
  ids: MessageIds,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    message_id: ids.next(),
    date: Math.floor(Date.now() / 1000),
    chat: { id: payload.chat_id, type: 'private', first_name: 'Owner' },
    from: STAND_IN_BOT_INFO,
    // A message sent into a topic comes back as that topic's, as Telegram's do.
    ...(payload.message_thread_id !== undefined
      ? { message_thread_id: payload.message_thread_id, is_topic_message: true }
      : {}),
    ...extra,
  };
}

/**
 * The result of a call that always succeeds the same way, or undefined for the calls a stand-in answers itself
 * (updates, files, drafts, topics, webhooks).
 */
export function everydayResult(method: string, payload: CallPayload, ids: MessageIds): unknown {
  switch (method) {
    case 'getMe':
      return STAND_IN_BOT_INFO;
    case 'sendMessage':
      return sentMessage(payload, ids, { text: payload.text });
    case 'editMessageText':
      return sentMessage(payload, ids, { message_id: payload.message_id, text: payload.text });
    case 'sendDocument':
      return sentMessage(payload, ids, { document: { file_id: 'sent', file_unique_id: 'sent' } });
    case 'sendRichMessage':
      return sentMessage(payload, ids, { rich_message: payload.rich_message });
    case 'sendPhoto':
      return sentMessage(payload, ids, {
        photo: [{ file_id: 'sent-photo', file_unique_id: 'sent-photo', width: 1, height: 1 }],
        caption: payload.caption,
      });
    case 'getUpdates':
    case 'getFile':
    case 'sendMessageDraft':
    case 'createForumTopic':
    case 'setWebhook':
    case 'deleteWebhook':
      return undefined;
    default:
      return true; // setMessageReaction, setMyCommands, sendChatAction, answerCallbackQuery…
  }
}
