/** The catch-all: a message we cannot keep gets a one-line hint. Must be the last feature. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';

export const UNHANDLED_TEXT = 'I keep text only: write a message, or send a photo or file with a caption. /help explains more.';

export function unhandledFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message', (ctx) => ctx.reply(UNHANDLED_TEXT));
  return composer;
}
