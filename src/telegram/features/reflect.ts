/**
 * /reflect on|off: after an entry of at least 20 words, one follow-up question (at most three a day), sent as a reply
 * to the entry; the owner's reply to it is an entry whose prompt is that question (the writing-prompt mechanism). The
 * model is asked in a job, so capture never waits; with the AI off, /reflect on says so and nothing reaches a model.
 */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotDeps } from '../bot-deps.ts';
import type { BotFeature } from '../feature.ts';
import { commandArgument } from '../command-argument.ts';
import { journalOfUpdate, topicHandleOf } from '../topic-journal.ts';
import { errorMessage } from '../../log/error-message.ts';
import { REFLECT_DAILY_MAX, REFLECT_MIN_WORDS, wordCount } from '../../journal/prompts/reflect-store.ts';
import type { EntryDraft } from '../../journal/entries/entry.ts';

type ReflectDeps = Pick<BotDeps, 'reflect' | 'questions' | 'journals' | 'jobs' | 'prompts' | 'logger'>;

export const REFLECT_USAGE =
  'Use /reflect on for one follow-up question after a longer entry (at most three a day), or /reflect off to stop them.';
export const REFLECT_ON_TEXT = `Reflect on: after an entry of ${REFLECT_MIN_WORDS} words or more I may ask one question about it, drawing on what you wrote before (at most ${REFLECT_DAILY_MAX} a day). Reply to the question and your answer is kept as an entry under it. /reflect off stops it.`;
export const REFLECT_AI_OFF_TEXT =
  'The AI is off on this bot (JOURNAL_AI=off, or no ANTHROPIC_API_KEY), so /reflect cannot ask anything: it stays off and nothing is sent to any model.';
export const REFLECT_OFF_TEXT = 'Reflect off: no more follow-up questions. /reflect on turns them on again.';

/** The journal an update writes into, '' for the main one. */
const journalOf = async (ctx: BotContext, deps: ReflectDeps) => (await journalOfUpdate(ctx, deps.journals)) ?? '';

/** After a stored entry: queues its question when /reflect is on for its journal and the entry is long enough. */
export async function offerReflection(ctx: BotContext, deps: Partial<ReflectDeps>, draft: EntryDraft): Promise<void> {
  if (!deps.reflect || !deps.questions || !deps.jobs || !deps.journals || wordCount(draft.text) < REFLECT_MIN_WORDS)
    return;
  if (!(await deps.reflect.isOn(draft.ownerId, draft.journal ?? ''))) return;
  await deps.jobs.enqueue('reflect', ctx);
}

/** The job: claims the entry, asks the model, and sends its question (if any) as a reply to the entry. */
async function askBack(ctx: BotContext, deps: ReflectDeps): Promise<void> {
  const message = ctx.msg;
  const { reflect, questions } = deps;
  if (!message || !ctx.from || !ctx.chat || !reflect || !questions) return;
  const ownerId = ctx.from.id;
  const claim = await reflect.claim(ownerId, { chatId: ctx.chat.id, messageId: message.message_id });
  if (!claim) return;
  let question: string | null;
  try {
    question = await questions.askBack(ownerId, claim, await topicHandleOf(ctx, deps.journals));
  } catch (error) {
    // A question back is a nicety: a failed one is logged and frees the day's slot, the owner is not bothered.
    deps.logger.error('reflect.failed', { update_id: ctx.update.update_id, error: errorMessage(error) });
    return reflect.finish(ownerId, claim.id, 'failed');
  }
  if (question === null) return reflect.finish(ownerId, claim.id, 'none');
  const sent = await ctx.reply(question, {
    reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
  });
  // The question may quote the entry: it is kept as being about it, so forgetting the entry forgets the question.
  await deps.prompts.asked({ ownerId, chatId: ctx.chat.id, messageId: sent.message_id }, question, claim.id);
  await reflect.finish(ownerId, claim.id, 'asked');
  deps.logger.info('reflect.asked', { update_id: ctx.update.update_id, entry_id: claim.id });
}

export function reflectFeature(deps: ReflectDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const reflect = deps.reflect;
  if (!reflect) return composer;
  deps.jobs.define('reflect', { title: 'a question about your entry', run: (ctx) => askBack(ctx, deps) });
  composer.on('message').command('reflect', async (ctx) => {
    const argument = commandArgument(ctx.msg.text).toLowerCase();
    const journal = await journalOf(ctx, deps);
    if (argument === 'on') {
      if (!deps.questions) return void (await ctx.reply(REFLECT_AI_OFF_TEXT));
      await reflect.set(ctx.from.id, journal, true);
      return void (await ctx.reply(REFLECT_ON_TEXT));
    }
    if (argument === 'off') {
      await reflect.set(ctx.from.id, journal, false);
      return void (await ctx.reply(REFLECT_OFF_TEXT));
    }
    const on = await reflect.isOn(ctx.from.id, journal);
    await ctx.reply(`${on ? 'Reflect is on.' : 'Reflect is off.'} ${REFLECT_USAGE}`);
  });
  return composer;
}

export const feature: BotFeature = {
  name: 'reflect',
  commands: [{ command: 'reflect', menu: 'A follow-up question after a longer entry: /reflect on, /reflect off' }],
  help: '• Reflect: /reflect on, and after a longer entry the bot may ask one question about it, drawing on what you wrote before (at most three a day); reply to keep your answer as an entry. /reflect off stops it.',
  welcome: (deps) => (deps.questions ? '• /reflect on: a follow-up question after a longer entry.' : null),
  compose: (deps) => reflectFeature(deps),
};
