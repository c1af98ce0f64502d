/**
 * /prompt sends a writing prompt (a reply to it is an entry that keeps the prompt); /prompts lists the owner's own,
 * /prompts add <text> adds one, /prompts remove <n> removes the n-th. Commands are never entries.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { MAX_OWNER_PROMPTS, MAX_PROMPT_CHARS } from '../../journal/prompts/prompt-store.ts';

export const PROMPTS_USAGE =
  'Use /prompts to list your prompts, /prompts add <text> to add one, /prompts remove <n> to remove one.';

/** The line under a prompt saying how to answer it. */
export const ANSWER_HINT = 'Reply to this message to answer it.';

export function promptsFeature(deps: Pick<BotDeps, 'prompts'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.command('prompt', async (ctx) => {
    if (!ctx.from) return;
    const prompt = await deps.prompts.pick(ctx.from.id);
    const sent = await ctx.reply(`${prompt}\n\n${ANSWER_HINT}`, {
      reply_markup: { force_reply: true, input_field_placeholder: 'Your answer' },
    });
    await deps.prompts.asked({ ownerId: ctx.from.id, chatId: ctx.chat.id, messageId: sent.message_id }, prompt);
  });

  composer.command('prompts', async (ctx) => {
    if (!ctx.from) return;
    const ownerId = ctx.from.id;
    const arg = ctx.match.trim();
    const [verb = '', ...restWords] = arg.split(/\s+/);
    const rest = arg.slice(verb.length).trim();
    if (arg === '') {
      const own = await deps.prompts.list(ownerId);
      const text =
        own.length === 0
          ? `You have no prompts of your own yet; /prompt uses the built-in ones. ${PROMPTS_USAGE}`
          : `Your prompts:\n${own.map((p, i) => `${i + 1}. ${p}`).join('\n')}\n\n${PROMPTS_USAGE}`;
      return void (await ctx.reply(text));
    }
    if (verb.toLowerCase() === 'add') {
      if (rest === '') return void (await ctx.reply(`What should the prompt ask? ${PROMPTS_USAGE}`));
      if (rest.length > MAX_PROMPT_CHARS)
        return void (await ctx.reply(
          `A prompt is at most ${MAX_PROMPT_CHARS} characters (this one has ${rest.length}).`,
        ));
      if ((await deps.prompts.list(ownerId)).length >= MAX_OWNER_PROMPTS)
        return void (await ctx.reply(`You have ${MAX_OWNER_PROMPTS} prompts, the most kept; remove one first.`));
      await deps.prompts.add(ownerId, rest);
      return void (await ctx.reply(`Added: "${rest}". /prompts lists yours.`));
    }
    if (verb.toLowerCase() === 'remove') {
      const n = /^\d+$/.test(restWords.join('')) ? Number(restWords.join('')) : NaN;
      if (!Number.isInteger(n) || n < 1) return void (await ctx.reply(`Which one? ${PROMPTS_USAGE}`));
      const removed = await deps.prompts.remove(ownerId, n);
      return void (await ctx.reply(
        removed === null ? `There is no prompt ${n}; /prompts lists yours.` : `Removed: "${removed}".`,
      ));
    }
    await ctx.reply(PROMPTS_USAGE);
  });

  return composer;
}

export const feature: BotFeature = {
  name: 'prompts',
  commands: [
    { command: 'prompt', menu: 'A question to write about (reply to answer it)' },
    { command: 'prompts', menu: 'Your own prompts: /prompts add <text>, /prompts remove <n>' },
  ],
  help: '• Prompts: /prompt sends a question to write about (reply to it); /prompts add <text> adds your own.',
  welcome: () => '• /prompt gives you a question to write about.',
  compose: (deps) => promptsFeature(deps),
};
