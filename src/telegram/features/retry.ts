/** The Retry button under "the model is unavailable": asks the kept question again. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { errorMessage } from '../../log/error-message.ts';
import { aiOffText, askAndReply } from './question.ts';

const RETRY_DATA = /^retry:(\d{1,15})$/;

/** The job: asks the kept question again and replies under it (it runs apart from capture, see job-runner.ts). */
async function retryQuestion(
  ctx: BotContext,
  deps: Pick<BotDeps, 'logger' | 'questions' | 'aiOff' | 'journals'>,
): Promise<void> {
  const conversationId = Number(RETRY_DATA.exec(ctx.callbackQuery?.data ?? '')?.[1]);
  const failure = ctx.callbackQuery?.message;
  // Answer under the original question when Telegram still shows what the failure message replied to.
  const replyTo =
    (failure && 'reply_to_message' in failure ? failure.reply_to_message?.message_id : undefined) ??
    failure?.message_id;
  if (!deps.questions || !failure || !ctx.from || replyTo === undefined)
    return void (await ctx.reply(aiOffText(deps.aiOff)));
  // The button has done its job; a failed edit (message too old) changes nothing.
  await ctx
    .editMessageReplyMarkup()
    .catch((error) => deps.logger.error('question.retry_markup_failed', { error: errorMessage(error) }));
  const questions = deps.questions;
  const place = { ownerId: ctx.from.id, chatId: failure.chat.id, replyTo };
  await askAndReply(ctx, deps, {
    questions,
    place,
    run: (options) => questions.retry(place.ownerId, conversationId, options),
  });
}

export function retryFeature(
  deps: Pick<BotDeps, 'logger' | 'questions' | 'jobs' | 'aiOff' | 'journals'>,
): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  deps.jobs.define('retry', { title: 'the retried question', run: (ctx) => retryQuestion(ctx, deps) });
  composer.callbackQuery(RETRY_DATA, async (ctx) => {
    deps.logger.info('question.retry', { update_id: ctx.update.update_id, conversation_id: Number(ctx.match[1]) });
    // Answered at once, so the button stops spinning while the question runs as a job.
    await ctx
      .answerCallbackQuery()
      .catch((error) => deps.logger.error('question.callback_answer_failed', { error: errorMessage(error) }));
    await deps.jobs.enqueue('retry', ctx);
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'retry',
  compose: (deps) => retryFeature(deps),
};
