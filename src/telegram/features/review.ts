/** /review week and /review month (also the digest's Sunday button): counts and what stood out, through the question loop. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotDeps } from '../bot-deps.ts';
import { REVIEW_WEEK_DATA } from '../digest-delivery.ts';
import { askAndReply, NO_API_KEY_TEXT } from './question.ts';
import type { ReviewPeriod } from '../../journal/review-range.ts';

export const REVIEW_USAGE = 'Use /review week for the last 7 days, or /review month for the last calendar month.';

export function reviewFeature(deps: Pick<BotDeps, 'logger' | 'questions' | 'reviews'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  const review = async (ctx: BotContext, period: ReviewPeriod, replyTo: number) => {
    deps.logger.info('review.requested', { update_id: ctx.update.update_id, period });
    const { questions, reviews } = deps;
    if (!questions || !reviews) return void (await ctx.reply(NO_API_KEY_TEXT, { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }));
    // Commands and button presses always carry both; the guard narrows the types (no non-null assertions).
    if (!ctx.from || !ctx.chat) return;
    const ownerId = ctx.from.id;
    await askAndReply(ctx, deps, questions, { ownerId, chatId: ctx.chat.id, replyTo }, (options) => reviews.review(ownerId, period, options));
  };

  composer.command('review', async (ctx) => {
    const period = ctx.match.trim().toLowerCase();
    if (period !== 'week' && period !== 'month') return void (await ctx.reply(REVIEW_USAGE));
    await review(ctx, period, ctx.msg.message_id);
  });

  composer.callbackQuery(REVIEW_WEEK_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    await review(ctx, 'week', ctx.callbackQuery.message?.message_id ?? 0);
  });

  return composer;
}
