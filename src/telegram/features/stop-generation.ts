/**
 * The Stop button under a draft answer (`can_stop`): Telegram sends `stopped_message_generation` naming the chat and
 * draft, and the answer being written there ends with what was written so far (askAndReply sends it, marked stopped).
 * The update has no sender, only its private chat, whose id is the owner's user id: only an answer this bot is writing
 * in that chat can be stopped, so a stranger's update stops nothing.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';

export function stopGenerationFeature(deps: Pick<BotDeps, 'logger' | 'generations'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(async (ctx, next) => {
    const stop = ctx.update.stopped_message_generation;
    if (!stop) return next();
    const stopped = deps.generations?.stop(stop.chat.id, stop.draft_id) ?? false;
    deps.logger.info('question.stop_pressed', { update_id: ctx.update.update_id, draft_id: stop.draft_id, stopped });
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'stop-generation',
  phase: 'gate',
  // Before access: the update carries no sender for it to check (see above why that is safe).
  before: ['access'],
  compose: (deps) => stopGenerationFeature(deps),
};
