/** The daily digest as a Telegram message: on-this-day entries, a nudge after a day without writing, and on Sundays the weekly review. */
import { GrammyError, InlineKeyboard, type Api } from 'grammy';
import type { DeliverDigest } from '../digest/digest-scheduler.ts';
import { addDays, weekdayName, weekdayOf } from '../journal/dates/calendar-day.ts';
import type { JournalReads } from './bot-deps.ts';
import { onThisDayText } from './on-this-day-text.ts';
import { TELEGRAM_TEXT_LIMIT } from './reply.ts';

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
  const [found, wroteYesterday] = await Promise.all([journal.onThisDay(ownerId, day), journal.wroteOn(ownerId, addDays(day, -1))]);
  const offerWeeklyReview = (options.offerReview ?? true) && weekdayOf(day) === 0;
  const head = `Your digest for ${weekdayName(day)}, ${day}`;
  const tail = [...(wroteYesterday ? [] : [NUDGE_TEXT]), ...(offerWeeklyReview ? [WEEKLY_OFFER_TEXT] : [])].map((t) => `\n\n${t}`).join('');
  const body = onThisDayText(found, TELEGRAM_TEXT_LIMIT - head.length - tail.length - 2);
  return { text: `${head}\n\n${body}${tail}`, offerWeeklyReview };
}

/** Sends through the bot's API (with its 429 retries); a Telegram error answer means nothing was delivered. */
export function createDigestDelivery(api: Api, journal: Pick<JournalReads, 'onThisDay' | 'wroteOn'>, options: { offerReview?: boolean } = {}): DeliverDigest {
  return async (subscription, day) => {
    const digest = await composeDigest(journal, subscription.ownerId, day, options);
    const markup = digest.offerWeeklyReview ? { reply_markup: new InlineKeyboard().text('Review my week', REVIEW_WEEK_DATA) } : {};
    try {
      const sent = await api.sendMessage(subscription.chatId, digest.text, markup);
      return { type: 'sent', messageId: sent.message_id };
    } catch (error) {
      if (error instanceof GrammyError) return { type: 'rejected', reason: `${error.error_code} ${error.description}` };
      throw error; // a network failure may or may not have delivered it
    }
  };
}
