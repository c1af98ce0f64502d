/**
 * /start (a short welcome: one line per feature that works with the current settings, BotFeature.welcome) and /help
 * (the whole guide: one paragraph per feature, BotFeature.help). Neither names another feature's command itself.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';

export const HELP_INTRO = 'This is your private journal.';

/** The help text: the intro, then the features' paragraphs in the list's order. */
export function helpText(paragraphs: readonly string[]): string {
  return [HELP_INTRO, '', ...paragraphs].join('\n');
}

export const WELCOME_INTRO =
  'This is your private journal: every message you send (photos, voice notes and files too) is saved as an entry.';
export const WELCOME_OUTRO = '/help has the whole guide.';

/** The welcome: the intro, the features' lines for these settings, and where the rest is. Under 1,000 characters. */
export function startText(lines: readonly string[]): string {
  return [WELCOME_INTRO, '', ...lines, '', WELCOME_OUTRO].join('\n');
}

export function startFeature(welcome: string, help: string): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('start', (ctx) => ctx.reply(welcome));
  composer.command('help', (ctx) => ctx.reply(help));
  return composer;
}

export const feature: BotFeature = {
  name: 'start',
  commands: [
    { command: 'start', menu: 'What this bot does' },
    { command: 'help', menu: 'How to write, ask and import' },
  ],
  compose: (deps, bot) => startFeature(startText(bot.welcomeLines(deps)), helpText(bot.helpParagraphs)),
};
