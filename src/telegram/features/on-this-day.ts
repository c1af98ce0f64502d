/**
 * /onthisday [YYYY-MM-DD]: what the owner wrote on this month and day in every year, newest year first: one rich
 * message where Telegram takes it (rich-on-this-day.ts), else the plain one (on-this-day-text.ts).
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { onThisDayText } from '../on-this-day-text.ts';
import { richOnThisDay } from '../rich-on-this-day.ts';
import { sendRich } from '../send-rich.ts';

export const ON_THIS_DAY_USAGE =
  'Use /onthisday for today, or /onthisday YYYY-MM-DD for another day, e.g. /onthisday 2024-04-01.';

export function onThisDayFeature(deps: Pick<BotDeps, 'journal' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('onthisday', async (ctx) => {
    if (!ctx.from) return; // a command always has a sender; the guard narrows the type
    const arg = ctx.match.trim();
    if (arg !== '' && !isCalendarDay(arg))
      return void (await ctx.reply(`"${arg.slice(0, 40)}" is not a day. ${ON_THIS_DAY_USAGE}`));
    const found = await deps.journal.onThisDay(ctx.from.id, arg === '' ? deps.journal.today() : arg);
    if (found.total > 0) {
      // One rich message (a table of the years, their photos, each day expandable); refused, the plain one.
      const photos = await deps.journal.photoIds(
        ctx.from.id,
        found.entries.map((e) => e.id),
      );
      if (await sendRich(ctx, deps.logger, richOnThisDay(found, photos))) return;
    }
    await ctx.reply(onThisDayText(found));
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'on-this-day',
  commands: [{ command: 'onthisday', menu: 'What you wrote on this day in other years' }],
  help: "• On this day: /onthisday shows what you wrote on today's date in every year, newest first (or /onthisday 2024-04-01 for another day).",
  welcome: () => '• /onthisday: this date in earlier years.',
  compose: (deps) => onThisDayFeature(deps),
};
