/** The ◀ ▶ buttons under /search and /day: the next page of the same view, for the owner who holds its handle only. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { errorMessage } from '../../log/error-message.ts';
import { orderOf, PAGE_DATA, PAGE_SIZE, pageKeyboard, pageText } from '../browse-page-message.ts';

export function browsePagesFeature(deps: Pick<BotDeps, 'browse' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(PAGE_DATA, async (ctx) => {
    const [, order, handle, offset] = ctx.match;
    const page = await deps.browse.page(ctx.from.id, handle ?? '', Number(offset), orderOf(order ?? 'n'), PAGE_SIZE);
    // Not the presser's handle (a forwarded list): the button stops spinning and shows nothing.
    await ctx
      .answerCallbackQuery()
      .catch((error) => deps.logger.error('browse.callback_answer_failed', { error: errorMessage(error) }));
    if (!page) return void deps.logger.info('browse.unknown_handle', { update_id: ctx.update.update_id });
    await ctx
      .editMessageText(pageText(page, 'Nothing here any more.'), { reply_markup: pageKeyboard(page) })
      // "message is not modified" (a double tap), or a message too old to edit: the list stays as it is.
      .catch((error) =>
        deps.logger.error('browse.edit_failed', { update_id: ctx.update.update_id, error: errorMessage(error) }),
      );
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'browse-pages',
  compose: (deps) => browsePagesFeature(deps),
};
