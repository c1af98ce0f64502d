/** Sends a formatted message, and the same text plain if Telegram rejects its formatting (400 "can't parse entities"). */
import type { FormattedString } from '@grammyjs/parse-mode';
import { GrammyError } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotContext } from './context.ts';

type ReplyOptions = NonNullable<Parameters<BotContext['reply']>[1]>;

export const isFormattingRejected = (error: unknown) =>
  error instanceof GrammyError && error.error_code === 400 && /entit|parse/i.test(error.description);

export async function replyFormatted(
  ctx: BotContext,
  message: FormattedString,
  options: ReplyOptions,
  onFallback: () => void,
): Promise<Message.TextMessage> {
  try {
    return await ctx.reply(
      message.text,
      message.entities.length ? { ...options, entities: message.entities } : options,
    );
  } catch (error) {
    if (!isFormattingRejected(error)) throw error;
    onFallback();
    return ctx.reply(message.text, options);
  }
}
