/** /entry_<id>: the command a "From:" line links when there is no web view: shows that entry of the owner's in the chat. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotDeps } from '../bot-deps.ts';
import type { BotFeature } from '../feature.ts';
import { splitForTelegram } from '../reply.ts';

/** `/entry_12`, also as `/entry_12@bot` in a group; ids are at most 15 digits, as everywhere ids are read. */
const ENTRY_COMMAND = /^\/entry_(\d{1,15})(?:@\w+)?$/;

export const NO_SUCH_ENTRY_TEXT = 'There is no such entry in your journal (it may have been forgotten).';

export function entryLinkFeature(deps: Pick<BotDeps, 'citations'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const citations = deps.citations;
  if (!citations) return composer;
  composer.on('message:text').hears(ENTRY_COMMAND, async (ctx) => {
    const entry = await citations.show(ctx.from.id, Number(ctx.match[1]));
    if (!entry) return void (await ctx.reply(NO_SUCH_ENTRY_TEXT));
    for (const chunk of splitForTelegram(`${entry.date} ${entry.time}\n\n${entry.content}`)) await ctx.reply(chunk);
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'entry-link',
  // No menu line: /entry_<id> is tapped from an answer's "From:" line, never typed.
  compose: (deps) => entryLinkFeature(deps),
};
