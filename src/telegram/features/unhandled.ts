/** The catch-all: a message we cannot keep gets a one-line hint. Must be the last feature. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';

export const UNHANDLED_TEXT =
  'I keep text, voice and video notes, photos, videos and files, but not stickers or the like. /help explains more.';

export function unhandledFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message', (ctx) => ctx.reply(UNHANDLED_TEXT));
  return composer;
}

export const feature: BotFeature = {
  name: 'unhandled',
  phase: 'fallback',
  compose: () => unhandledFeature(),
};
