/** /start and /help: what the bot does, one paragraph per feature, each feature's own (BotFeature.help). */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';

export const HELP_INTRO = 'This is your private journal.';

/** The help text: the intro, then the features' paragraphs in the list's order. */
export function helpText(paragraphs: readonly string[]): string {
  return [HELP_INTRO, '', ...paragraphs].join('\n');
}

export function startFeature(help: string): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command(['start', 'help'], (ctx) => ctx.reply(help));
  return composer;
}

export const feature: BotFeature = {
  name: 'start',
  commands: [
    { command: 'start', menu: 'What this bot does' },
    { command: 'help', menu: 'How to write, ask and import' },
  ],
  compose: (_deps, bot) => startFeature(helpText(bot.helpParagraphs)),
};
