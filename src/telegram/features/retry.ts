/** The Retry button under "the model is unavailable": asks the kept question again. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotDeps } from '../bot-deps.ts';
import { errorMessage } from '../../logger.ts';
import { askAndReply, NO_API_KEY_TEXT } from './question.ts';

export function retryFeature(deps: Pick<BotDeps, 'logger' | 'questions'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(/^retry:(\d{1,15})$/, async (ctx) => {
    const conversationId = Number(ctx.match[1]);
    deps.logger.info('question.retry', { update_id: ctx.update.update_id, conversation_id: conversationId });
    await ctx.answerCallbackQuery().catch((error) => deps.logger.error('question.callback_answer_failed', { error: errorMessage(error) }));
    const failure = ctx.callbackQuery.message;
    // Answer under the original question when Telegram still shows what the failure message replied to.
    const replyTo = (failure && 'reply_to_message' in failure ? failure.reply_to_message?.message_id : undefined) ?? failure?.message_id;
    if (!deps.questions || !failure || replyTo === undefined) return void (await ctx.reply(NO_API_KEY_TEXT));
    // The button has done its job; a failed edit (message too old) changes nothing.
    await ctx.editMessageReplyMarkup().catch((error) => deps.logger.error('question.retry_markup_failed', { error: errorMessage(error) }));
    const questions = deps.questions;
    const place = { ownerId: ctx.from.id, chatId: failure.chat.id, replyTo };
    await askAndReply(ctx, deps, questions, place, () => questions.retry(place.ownerId, conversationId));
  });
  return composer;
}
