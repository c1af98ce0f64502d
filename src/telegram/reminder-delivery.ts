/** The daily reminder as a Telegram message: a writing prompt, and buttons to snooze an hour, skip today or set a mood. */
import { GrammyError, InlineKeyboard, type Api } from 'grammy';
import type { DeliverReminder } from '../daily/reminder-scheduler.ts';
import type { WritingPrompts } from './bot-deps.ts';
import { moodButtons } from './mood-buttons.ts';
import { ANSWER_HINT } from './features/prompts.ts';

export const REMINDER_HEAD = 'A few lines for today?';
/** `reminder:snooze:<day>` and `reminder:skip:<day>`. */
export const REMINDER_BUTTON = /^reminder:(snooze|skip):(\d{4}-\d{2}-\d{2})$/;

export function reminderKeyboard(day: string): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text('Snooze an hour', `reminder:snooze:${day}`)
    .text('Skip today', `reminder:skip:${day}`)
    .row();
  return moodButtons(day, keyboard);
}

/**
 * Sends through the bot's API (with its 429 retries); a Telegram error answer means nothing was delivered. The prompt
 * is recorded against the message once it is out, so a reply to the reminder is an entry that keeps the prompt.
 */
export function createReminderDelivery(api: Api, prompts: Pick<WritingPrompts, 'pick' | 'asked'>): DeliverReminder {
  return async (subscription, day) => {
    const prompt = await prompts.pick(subscription.ownerId);
    let messageId: number;
    try {
      const sent = await api.sendMessage(subscription.chatId, `${REMINDER_HEAD} ${prompt}\n\n${ANSWER_HINT}`, {
        reply_markup: reminderKeyboard(day),
      });
      messageId = sent.message_id;
    } catch (error) {
      if (error instanceof GrammyError) return { type: 'rejected', reason: `${error.error_code} ${error.description}` };
      throw error; // a network failure may or may not have delivered it
    }
    await prompts.asked({ ownerId: subscription.ownerId, chatId: subscription.chatId, messageId }, prompt);
    return { type: 'sent', messageId };
  };
}
