/**
 * /review week and /review month (also the digest's Sunday button): counts and what stood out, through the question
 * loop. The model may take a minute, so the review runs as a job (job-runner.ts): what the owner writes meanwhile is
 * stored at once, and the review is sent once, even when the bot is killed just after sending it. It arrives as one rich
 * message (rich-review.ts) where Telegram takes it, else as the plain messages of any answer.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { REVIEW_WEEK_DATA } from '../digest-delivery.ts';
import { commandArgument } from '../command-argument.ts';
import { aiOffText, askAndReply } from './question.ts';
import { errorMessage } from '../../log/error-message.ts';
import { reviewRange, type ReviewPeriod } from '../../journal/review-range.ts';
import { richReview } from '../rich-review.ts';
import { journalOfUpdate } from '../topic-journal.ts';
import type { RichAnswer } from '../send-rich.ts';

export const REVIEW_USAGE = 'Use /review week for the last 7 days, or /review month for the last calendar month.';

const periodOf = (argument: string): ReviewPeriod | undefined => {
  const period = argument.toLowerCase();
  return period === 'week' || period === 'month' ? period : undefined;
};

/** The job: the period the update asked for (the button: the week), reviewed and replied under what asked. */
async function sendReview(
  ctx: BotContext,
  deps: Pick<
    BotDeps,
    'logger' | 'questions' | 'reviews' | 'aiOff' | 'journals' | 'citations' | 'journal' | 'generations'
  >,
): Promise<void> {
  // A button press first: grammY's ctx.msg is also the message that carries the button.
  const asked = ctx.callbackQuery
    ? { period: 'week' as const, replyTo: ctx.callbackQuery.message?.message_id ?? 0 }
    : { period: periodOf(commandArgument(ctx.msg?.text)), replyTo: ctx.msg?.message_id ?? 0 };
  const { period, replyTo } = asked;
  if (!period || !ctx.from || !ctx.chat)
    throw new Error('a review job needs a /review week|month message or the review button, from a user in a chat');
  const { questions, reviews } = deps;
  if (!questions || !reviews)
    return void (await ctx.reply(aiOffText(deps.aiOff), {
      reply_parameters: { message_id: replyTo, allow_sending_without_reply: true },
    }));
  const ownerId = ctx.from.id;
  // The same days the review asks about (review-range.ts), read for the rich message's table, photos and days.
  const range = reviewRange(period, deps.journal.today());
  // Asked in a topic, the review is of that topic's journal: so are its days.
  const journal = await journalOfUpdate(ctx, deps.journals);
  const rich: RichAnswer = async (answer, fromLine) => {
    const entries = await deps.journal.between(ownerId, range.startDate, range.endDate, journal);
    const photos = await deps.journal.photoIds(
      ownerId,
      entries.map((e) => e.id),
    );
    return richReview({ range, entries, photos }, answer, fromLine);
  };
  await askAndReply(ctx, deps, {
    questions,
    place: { ownerId, chatId: ctx.chat.id, replyTo },
    run: (options) => reviews.review(ownerId, period, options),
    rich,
  });
}

export function reviewFeature(
  deps: Pick<
    BotDeps,
    'logger' | 'questions' | 'reviews' | 'jobs' | 'aiOff' | 'journals' | 'citations' | 'journal' | 'generations'
  >,
): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  deps.jobs.define('review', { title: 'your review', run: (ctx) => sendReview(ctx, deps) });

  composer.command('review', async (ctx) => {
    const period = periodOf(ctx.match.trim());
    if (!period) return void (await ctx.reply(REVIEW_USAGE));
    deps.logger.info('review.requested', { update_id: ctx.update.update_id, period });
    // Shown at once, also while an earlier job of this chat still runs; the job keeps it up while the model works.
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    await deps.jobs.enqueue('review', ctx);
  });

  composer.callbackQuery(REVIEW_WEEK_DATA, async (ctx) => {
    deps.logger.info('review.requested', { update_id: ctx.update.update_id, period: 'week', from: 'digest' });
    // Answered at once, so the button stops spinning while the review runs as a job.
    await ctx
      .answerCallbackQuery()
      .catch((error) => deps.logger.error('review.callback_answer_failed', { error: errorMessage(error) }));
    await deps.jobs.enqueue('review', ctx);
  });

  return composer;
}

export const feature: BotFeature = {
  name: 'review',
  commands: [{ command: 'review', menu: 'A review of your week or month: /review week, /review month' }],
  help: '• Reviews: /review week looks back at the last 7 days, /review month at the last calendar month: days written, entries, and what stood out.',
  welcome: (deps) => (deps.reviews ? '• /review week looks back at your week.' : null),
  compose: (deps) => reviewFeature(deps),
};
