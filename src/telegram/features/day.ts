/** /day [YYYY-MM-DD | yesterday]: that local day's entries in the order written, without any model. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { PAGE_SIZE, pageKeyboard, pageText } from '../browse-page-message.ts';
import { addDays, isCalendarDay } from '../../journal/dates/calendar-day.ts';
import { topicHandleOf } from '../topic-journal.ts';

export const DAY_USAGE =
  'Use /day for today, /day yesterday, or /day YYYY-MM-DD for another day, e.g. /day 2024-04-01.';

/** In a topic, the day is of that topic's journal. */
export function dayFeature(deps: Pick<BotDeps, 'browse' | 'journal' | 'journals'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message').command('day', async (ctx) => {
    const arg = ctx.match.trim().toLowerCase();
    const today = deps.journal.today();
    const day = arg === '' || arg === 'today' ? today : arg === 'yesterday' ? addDays(today, -1) : arg;
    if (!isCalendarDay(day))
      return void (await ctx.reply(`"${ctx.match.trim().slice(0, 40)}" is not a day. ${DAY_USAGE}`));
    const opened = await deps.browse.openDay(ctx.from.id, day, await topicHandleOf(ctx, deps.journals));
    if ('problem' in opened) return void (await ctx.reply(`${opened.problem} ${DAY_USAGE}`));
    const page = await deps.browse.page(ctx.from.id, opened.handle, 0, 'oldest', PAGE_SIZE);
    if (!page) return;
    await ctx.reply(pageText(page, `Nothing written on ${day}.`), { reply_markup: pageKeyboard(page) });
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'day',
  commands: [{ command: 'day', menu: "A day's entries: /day, /day yesterday, /day 2024-04-01" }],
  help: "• A day's entries: /day shows today, /day yesterday or /day 2024-04-01 another day.",
  welcome: () => "• /day shows today's entries, /day yesterday another day's.",
  compose: (deps) => dayFeature(deps),
};
