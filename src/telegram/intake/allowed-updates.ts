/**
 * The updates the bot asks Telegram for (getUpdates and setWebhook's `allowed_updates`): what its features handle.
 * `stopped_message_generation` (a Stop press under a draft answer) comes only when it is listed; listing any replaces
 * Telegram's default set, so every kind a feature handles is named here.
 */
import type { Update } from 'grammy/types';

export const ALLOWED_UPDATES = [
  'message',
  'edited_message',
  'callback_query',
  'stopped_message_generation',
] as const satisfies readonly Exclude<keyof Update, 'update_id'>[];
