/** /digest HH:MM turns the daily digest on (or moves it), /digest off stops it, /digest alone says how it stands. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotDeps } from '../bot-deps.ts';
import { parseTimeOfDay } from '../../journal/dates/wall-time.ts';

export const DIGEST_USAGE = 'Use /digest HH:MM for a daily digest at that time (e.g. /digest 08:00), or /digest off to stop it.';

export function digestFeature(deps: Pick<BotDeps, 'digests'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('digest', async (ctx) => {
    if (!ctx.from) return; // a command always has a sender; the guard narrows the type
    const ownerId = ctx.from.id;
    const zone = deps.digests.timeZone;
    const arg = ctx.match.trim();
    if (arg === '') {
      const current = await deps.digests.get(ownerId);
      return void (await ctx.reply(
        current
          ? `Your daily digest comes every day at ${current.localTime} (${zone}): what you wrote on that day in earlier years, and a nudge after a day without writing. /digest off stops it.`
          : `The daily digest is off. ${DIGEST_USAGE}`,
      ));
    }
    if (arg.toLowerCase() === 'off') {
      const was = await deps.digests.off(ownerId);
      return void (await ctx.reply(was ? 'Daily digest off. /digest HH:MM turns it on again.' : `The daily digest was already off. ${DIGEST_USAGE}`));
    }
    const time = parseTimeOfDay(arg);
    if (!time) return void (await ctx.reply(`"${arg.slice(0, 40)}" is not a time of day. ${DIGEST_USAGE}`));
    await deps.digests.set(ownerId, ctx.chat.id, time);
    await ctx.reply(`Daily digest on: every day at ${time} (${zone}), with what you wrote on that day in earlier years, a nudge after a day without writing, and on Sundays an offer to review the week. /digest off stops it.`);
  });
  return composer;
}
