/** /sent [YYYY-MM-DD]: which entries' text was sent to a model, totalled by the entries' day, endpoint and model. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { formatSentTotals } from '../../llm/sent-ledger.ts';
import { splitForTelegram } from '../reply.ts';
import { isCalendarDay } from '../../journal/dates/calendar-day.ts';

/** A chat message stays readable: the CLI (npm run journal -- sent) lists every line. */
const MAX_LINES = 40;

export const SENT_USAGE_TEXT =
  'Use /sent for everything sent to a model, or /sent 2024-06-01 for what was sent since that day.';

export function sentFeature(deps: Pick<BotDeps, 'sent'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message').command('sent', async (ctx) => {
    const arg = ctx.match.trim();
    if (arg !== '' && !isCalendarDay(arg)) {
      await ctx.reply(`"${arg.slice(0, 40)}" is not a day. ${SENT_USAGE_TEXT}`);
      return;
    }
    const since = arg === '' ? undefined : arg;
    const text = formatSentTotals(await deps.sent.totals(ctx.from.id, since), since, MAX_LINES);
    for (const chunk of splitForTelegram(text)) await ctx.reply(chunk);
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'sent',
  commands: [{ command: 'sent', menu: "Which entries' text was sent to a model, by day" }],
  help: "• What a model saw: /sent shows which entries' text was ever sent to a model, by day.",
  compose: (deps) => sentFeature(deps),
};
