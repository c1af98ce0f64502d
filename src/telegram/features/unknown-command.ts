/**
 * A message that starts like a command the bot does not have (`/serch river`) is a typo, not an entry: it is
 * answered with the nearest command and stored nowhere. An entry that really starts with a slash is sent with two
 * (`//etc/hosts is…`): entry.ts keeps it with one.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import { nearestCommand } from '../nearest-command.ts';

/** `/word` or `/word@bot` at the very start, then a space or the end: how Telegram marks a command. */
const COMMAND_START = /^\/([A-Za-z0-9_]{1,64})(?:@(\w+))?(?=\s|$)/;

/** The answer to `/typed`: what it may have meant, that nothing was kept, and how to keep such a message. */
export function unknownCommandText(typed: string, commands: readonly string[]): string {
  const near = nearestCommand(typed, commands);
  const guess = near ? ` — did you mean /${near}?` : '. See /help for the commands.';
  return `No command /${typed}${guess} Nothing was saved. To keep a message that starts with a slash as an entry, start it with two: //${typed} is saved as /${typed}.`;
}

export function unknownCommandFeature(commands: readonly string[]): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message:text', async (ctx, next) => {
    const match = COMMAND_START.exec(ctx.message.text);
    if (!match) return next();
    const [, typed, addressee] = match;
    // Meant for another bot in a group: not ours to answer; the journal keeps it as it did.
    if (addressee !== undefined && addressee.toLowerCase() !== ctx.me.username.toLowerCase()) return next();
    // A command of ours that its feature left to a later one (/ask to questions): not a typo.
    if (commands.includes(typed!)) return next();
    await ctx.reply(unknownCommandText(typed!, commands));
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'unknown-command',
  phase: 'messages',
  before: ['entry', 'question', 'import'],
  compose: (_deps, bot) => unknownCommandFeature(bot.commands),
};
