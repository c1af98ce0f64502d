/** Messages that mention an object, or start with /ask, are questions: never stored as entries. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotDeps } from '../bot-deps.ts';
import { isQuestion } from '../../llm/mentions.ts';

export const QUESTIONS_COMING_TEXT = 'Questions about your journal are coming soon. Nothing was saved from this message.';

export function questionFeature(deps: Pick<BotDeps, 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message:text').filter(
    (ctx) => isQuestion(ctx.message.text),
    async (ctx) => {
      deps.logger.info('question.received', { update_id: ctx.update.update_id });
      await ctx.reply(QUESTIONS_COMING_TEXT, { reply_parameters: { message_id: ctx.message.message_id } });
    },
  );
  return composer;
}
