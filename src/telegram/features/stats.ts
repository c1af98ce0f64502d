/** /stats [YYYY]: a picture of the journal (a calendar heatmap, streaks, months, tags) for the last 12 months or a year. */
import { Composer, InputFile } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { journalOfUpdate } from '../topic-journal.ts';
import { emptyStatsText } from '../../stats/stats-picture.ts';

export const STATS_USAGE = 'Use /stats for the last 12 months, or /stats 2024 for a calendar year.';

/** Years a journal can hold (Telegram began in 2013; imports of older notes go back further). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;

/** In a topic, the picture is of that topic's journal. */
export function statsFeature(deps: Pick<BotDeps, 'stats' | 'journals'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('stats', async (ctx) => {
    if (!ctx.from) return; // a command always has a sender; the guard narrows the type
    const arg = ctx.match.trim();
    if (arg !== '' && !/^\d{4}$/.test(arg))
      return void (await ctx.reply(`"${arg.slice(0, 40)}" is not a year. ${STATS_USAGE}`));
    const year = Number(arg);
    if (arg !== '' && (year < FIRST_YEAR || year > LAST_YEAR))
      return void (await ctx.reply(`${arg} is outside ${FIRST_YEAR}–${LAST_YEAR}. ${STATS_USAGE}`));
    const period = arg === '' ? ({ kind: 'last-12-months' } as const) : ({ kind: 'year', year } as const);
    const picture = await deps.stats.picture(ctx.from.id, period, await journalOfUpdate(ctx, deps.journals));
    if (picture.type === 'empty') return void (await ctx.reply(emptyStatsText(picture, (year) => `/stats ${year}`)));
    await ctx.replyWithPhoto(new InputFile(picture.png, 'journal-stats.png'), { caption: picture.caption });
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'stats',
  commands: [{ command: 'stats', menu: 'A picture of your year: /stats, or /stats 2024' }],
  help: '• Stats: /stats sends a picture of the last 12 months (the days you wrote, streaks, months, tags); /stats 2024 one of a year.',
  welcome: () => '• /stats draws your year.',
  compose: (deps) => statsFeature(deps),
};
