/** Who may talk to the bot: owners in private chats. Groups get silence; strangers get one line. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';

export function strangerLine(userId: number): string {
  return `This is a private journal bot. Your Telegram user id is ${userId}: its owner can add it to ALLOWED_USER_IDS.`;
}

export function accessFeature(deps: Pick<BotDeps, 'allowedUserIds' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(async (ctx, next) => {
    if (ctx.chat?.type !== 'private') return; // groups, channels: stay silent, store nothing
    const userId = ctx.from?.id;
    if (userId !== undefined && deps.allowedUserIds.includes(userId)) return next();
    deps.logger.info('access.denied', { update_id: ctx.update.update_id, user_id: userId ?? null });
    if (ctx.message && userId !== undefined) await ctx.reply(strangerLine(userId));
    // A stranger pressing a button (a forwarded Retry) is answered too, or the button spins forever.
    if (ctx.callbackQuery && userId !== undefined)
      await ctx.answerCallbackQuery({ text: strangerLine(userId), show_alert: true });
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'access',
  phase: 'gate',
  // Before everything: only the owners get further.
  compose: (deps) => accessFeature(deps),
};
