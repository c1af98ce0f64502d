/** The error boundary: log with the update id, apologise once to the chat, keep the bot running. */
import type { BotError } from 'grammy';
import type { BotContext } from './context.ts';
import type { Logger } from '../log/logger.ts';
import { errorMessage } from '../log/error-message.ts';

export const APOLOGY_TEXT = 'Sorry, something went wrong on my side with that message. Please try again in a moment.';

export function createErrorHandler(logger: Logger) {
  return async (err: BotError<BotContext>) => {
    const ctx = err.ctx;
    logger.error('update.failed', {
      update_id: ctx.update.update_id,
      chat_id: ctx.chat?.id ?? null,
      update_type: Object.keys(ctx.update).find((k) => k !== 'update_id') ?? null,
      error: errorMessage(err.error),
    });
    if (!ctx.chat) return;
    try {
      await ctx.reply(APOLOGY_TEXT);
    } catch (replyError) {
      logger.error('update.apology_failed', { update_id: ctx.update.update_id, error: errorMessage(replyError) });
    }
  };
}

/**
 * The boundary around the features: a failure of the store (locked, disk full: `isStorageFailure`) is not the
 * message's fault and goes on to the update inbox, which keeps the update and tries it again later; anything else is
 * apologised for as above.
 */
export function createUpdateBoundary(
  onError: (err: BotError<BotContext>) => Promise<void>,
  isStorageFailure: (error: unknown) => boolean,
) {
  return async (err: BotError<BotContext>) => {
    if (isStorageFailure(err.error)) throw err.error;
    await onError(err);
  };
}
