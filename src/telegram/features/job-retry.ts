/** The Retry button under "I could not finish …": queues the given-up job again. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { errorMessage } from '../../log/error-message.ts';

export const NOTHING_TO_RUN_AGAIN_TEXT = 'Nothing to run again: that was finished or retried already.';

export function jobRetryFeature(deps: Pick<BotDeps, 'logger' | 'jobs'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(/^job:(\d{1,15})$/, async (ctx) => {
    const queued = await deps.jobs.retry(Number(ctx.match[1]), ctx.from.id);
    await ctx
      .answerCallbackQuery(queued ? {} : { text: NOTHING_TO_RUN_AGAIN_TEXT })
      .catch((error) => deps.logger.error('job.callback_answer_failed', { error: errorMessage(error) }));
    if (queued)
      await ctx
        .editMessageReplyMarkup()
        .catch((error) => deps.logger.error('job.retry_markup_failed', { error: errorMessage(error) }));
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'job-retry',
  compose: (deps) => jobRetryFeature(deps),
};
