/**
 * The daily digest as a Telegram message: on-this-day entries, a nudge after a day without writing, the day's mood as
 * five buttons, and on Sundays the weekly review.
 */
import { GrammyError, InlineKeyboard, InputFile, type Api } from 'grammy';
import type { DeliverDigest } from '../daily/digest-scheduler.ts';
import { addDays, weekdayName, weekdayOf } from '../journal/dates/calendar-day.ts';
import type { JournalReads, StatsPictures } from './bot-deps.ts';
import { onThisDayText } from './on-this-day-text.ts';
import { TELEGRAM_TEXT_LIMIT } from './reply.ts';
import { moodButtons } from './mood-buttons.ts';

export const NUDGE_TEXT = 'Nothing written yesterday. A line about today is enough: just send it here.';
export const WEEKLY_OFFER_TEXT = "It's Sunday: want a look back at your week? Tap below or send /review week.";
export const REVIEW_WEEK_DATA = 'review:week';

export interface DigestMessage {
  text: string;
  offerWeeklyReview: boolean;
}

/** `offerReview: false` (the AI is off): no Sunday offer of a review, which would need the model. */
export async function composeDigest(
  journal: Pick<JournalReads, 'onThisDay' | 'wroteOn'>,
  ownerId: number,
  day: string,
  options: { offerReview?: boolean } = {},
): Promise<DigestMessage> {
  const [found, wroteYesterday] = await Promise.all([
    journal.onThisDay(ownerId, day),
    journal.wroteOn(ownerId, addDays(day, -1)),
  ]);
  const offerWeeklyReview = (options.offerReview ?? true) && weekdayOf(day) === 0;
  const head = `Your digest for ${weekdayName(day)}, ${day}`;
  const tail = [...(wroteYesterday ? [] : [NUDGE_TEXT]), ...(offerWeeklyReview ? [WEEKLY_OFFER_TEXT] : [])]
    .map((t) => `\n\n${t}`)
    .join('');
  const body = onThisDayText(found, TELEGRAM_TEXT_LIMIT - head.length - tail.length - 2);
  return { text: `${head}\n\n${body}${tail}`, offerWeeklyReview };
}

/**
 * Sends through the bot's API (with its 429 retries); a Telegram error answer means nothing was delivered. On
 * Sundays the week's stats picture follows the text; the digest counts as delivered once its text is.
 */
export function createDigestDelivery(
  api: Api,
  journal: Pick<JournalReads, 'onThisDay' | 'wroteOn'>,
  options: { offerReview?: boolean; week?: WeekPictures } = {},
): DeliverDigest {
  return async (subscription, day) => {
    const digest = await composeDigest(journal, subscription.ownerId, day, options);
    // The day's mood, one tap (as the reminder offers it); on Sundays the review above it.
    const keyboard = digest.offerWeeklyReview
      ? new InlineKeyboard().text('Review my week', REVIEW_WEEK_DATA).row()
      : new InlineKeyboard();
    const markup = { reply_markup: moodButtons(day, keyboard) };
    try {
      const sent = await api.sendMessage(subscription.chatId, digest.text, markup);
      // The text is out: whatever happens to the picture, the digest counts as delivered (never sent twice).
      const week = options.week;
      if (weekdayOf(day) === 0 && week) await sendWeekPicture(api, week.stats, subscription, day).catch(week.failed);
      return { type: 'sent', messageId: sent.message_id };
    } catch (error) {
      if (error instanceof GrammyError) return { type: 'rejected', reason: `${error.error_code} ${error.description}` };
      throw error; // a network failure may or may not have delivered it
    }
  };
}

/** The Sunday picture's source, and where a picture that could not be sent is reported. */
export interface WeekPictures {
  stats: StatsPictures;
  failed(error: unknown): void;
}

/** The week's picture (the 7 days ending on `day`); a week without entries sends none (the text already nudges). */
async function sendWeekPicture(
  api: Api,
  stats: StatsPictures,
  subscription: { ownerId: number; chatId: number },
  day: string,
): Promise<void> {
  const picture = await stats.picture(subscription.ownerId, { kind: 'week', endingOn: day });
  if (picture.type !== 'picture') return;
  await api.sendPhoto(subscription.chatId, new InputFile(picture.png, 'week.png'), { caption: picture.caption });
}
