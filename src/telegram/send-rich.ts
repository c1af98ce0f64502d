/**
 * Sends one rich message (Bot API 10.1 `sendRichMessage`) in reply to a message, or says it could not: a Telegram
 * that refuses it (an older server, a block it does not take) gets the caller's plain messages instead, logged once.
 * Only a refusal falls back: a network failure may have delivered the message, and the job's retry decides then.
 */
import { GrammyError } from 'grammy';
import type { FormattedString } from '@grammyjs/parse-mode';
import type { InputRichMessage } from 'grammy/types';
import type { BotContext } from './context.ts';
import type { Logger } from '../log/logger.ts';

/** Builds the rich message of an answer (its formatted chunks, and the "From:" line when it cites entries). */
export type RichAnswer = (
  answer: FormattedString[],
  fromLine: FormattedString[],
) => Promise<InputRichMessage> | InputRichMessage;

export async function sendRich(
  ctx: BotContext,
  logger: Logger,
  message: InputRichMessage,
  replyTo?: number,
): Promise<{ message_id: number } | undefined> {
  if (!ctx.chat) return undefined;
  const thread = ctx.msg?.is_topic_message ? { message_thread_id: ctx.msg.message_thread_id } : {};
  try {
    return await ctx.api.raw.sendRichMessage({
      chat_id: ctx.chat.id,
      rich_message: message,
      ...thread,
      ...(replyTo ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } } : {}),
    });
  } catch (error) {
    if (!(error instanceof GrammyError)) throw error;
    logger.error('rich.refused', { update_id: ctx.update.update_id, error: error.description });
    return undefined;
  }
}
