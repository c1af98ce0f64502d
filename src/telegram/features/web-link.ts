/**
 * /web: a fresh one-time login link for `npm run web` on the computer that keeps the journal, without restarting it
 * (the link is stored in the database the bot and npm run web share). Telegram's servers cannot reach 127.0.0.1, and
 * the preview is off anyway, so no link preview can use it up.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';

export function webLinkFeature(deps: Pick<BotDeps, 'webLinks'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message').command('web', async (ctx) => {
    const link = await deps.webLinks.link(ctx.from.id);
    await ctx.reply(
      [
        'A login link for the web view on your own computer (it works once, for 10 minutes):',
        link,
        'Open it in a browser on the computer where npm run web runs (start it there first if it is not running). ' +
          'In Telegram, the menu button opens the journal itself when the bot has MINI_APP_URL.',
      ].join('\n\n'),
      { link_preview_options: { is_disabled: true } },
    );
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'web-link',
  commands: [{ command: 'web', menu: 'A login link for npm run web on your computer' }],
  help: '• The web view on your computer: /web gives a new one-time login link for the npm run web that runs there.',
  compose: (deps) => webLinkFeature(deps),
};
