/** /trace: the last answer's receipt (operations called, result sizes, tokens, and what pasting everything would cost). */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { splitForTelegram } from '../reply.ts';
import { aiOffText } from './question.ts';

export function traceFeature(deps: Pick<BotDeps, 'questions' | 'aiOff'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  // Only a message has a sender (a channel post has none), so the filter types ctx.from.
  composer.on('message').command('trace', async (ctx) => {
    const text = deps.questions ? await deps.questions.trace(ctx.from.id) : aiOffText(deps.aiOff);
    for (const chunk of splitForTelegram(text)) await ctx.reply(chunk);
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'trace',
  commands: [{ command: 'trace', menu: 'Show how the last answer was found' }],
  help: '• How an answer was found: /trace shows it for the last answer.',
  compose: (deps) => traceFeature(deps),
};
