/**
 * /forget: reply it to one of your journal messages (or /forget <entry id>) → the entry's date and first line with
 * Forget / Keep; Forget removes it and every copy the bot kept. /forget everything asks for a typed confirmation,
 * as a reply to its prompt, then deletes the whole journal. Everything is for the owner who asks, and no one else.
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import type { EntryToForget } from '../../journal/forget/forget.ts';
import { plural } from '../../journal/plural.ts';
import { errorMessage } from '../../log/error-message.ts';

export const FORGET_USAGE =
  'Reply /forget to one of your journal messages to forget that entry, or send /forget <entry id> (the #id /search and /day show). ' +
  '/forget everything deletes the whole journal.';
export const NOT_AN_ENTRY_TEXT = 'That message is not in your journal, so there is nothing to forget. ' + FORGET_USAGE;
/** The phrase that confirms deleting everything, typed as a reply to the prompt. */
export const CONFIRM_PHRASE = 'delete my journal';
export const EVERYTHING_PROMPT_HEAD = 'Delete your whole journal?';
/** A confirmation only counts within this long of its prompt. */
const CONFIRM_WITHIN_SECONDS = 10 * 60;

const FORGET_DATA = /^forget:(\d{1,15})$/;
const KEEP_DATA = /^keep:(\d{1,15})$/;

const PREVIEW_CHARS = 80;
const preview = (title: string) =>
  (title.length > PREVIEW_CHARS ? `${title.slice(0, PREVIEW_CHARS - 1)}…` : title) || '(no text)';

function promptText(entry: EntryToForget): string {
  return [
    'Forget this entry?',
    `${entry.day} ${entry.time} · #${entry.id}`,
    preview(entry.title),
    '',
    'It goes with its earlier versions, its tags, and every copy the bot kept (stored questions and answers that read it included).',
  ].join('\n');
}

/** Whether a message is the bot's own "delete everything" prompt. */
function isEverythingPrompt(ctx: BotContext, replied: Message | undefined): replied is Message {
  return replied?.from?.id === ctx.me.id && (replied.text ?? '').startsWith(EVERYTHING_PROMPT_HEAD);
}

const confirms = (text: string) =>
  text
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase() === CONFIRM_PHRASE;

export function forgetFeature(deps: Pick<BotDeps, 'forgetting' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const { forgetting } = deps;

  composer.on('message').command('forget', async (ctx) => {
    const arg = ctx.match.trim().toLowerCase();
    const ownerId = ctx.from.id;
    if (arg === 'everything') {
      const entries = await forgetting.countEntries(ownerId);
      const text = [
        EVERYTHING_PROMPT_HEAD,
        `This deletes all ${plural(entries, 'entry', 'entries')}, their earlier versions, your questions and answers, your digest and everything else the bot keeps for you. It cannot be undone; backups and exports made before keep what they hold.`,
        '',
        `To go ahead, reply to this message with: ${CONFIRM_PHRASE}`,
      ].join('\n');
      // force_reply opens the reply field, so the confirmation comes back as a reply to this prompt.
      return void (await ctx.reply(text, {
        reply_markup: { force_reply: true, input_field_placeholder: CONFIRM_PHRASE },
      }));
    }
    const replied = ctx.message.reply_to_message;
    let entry: EntryToForget | undefined;
    if (/^\d{1,15}$/.test(arg)) entry = await forgetting.find(ownerId, { entryId: Number(arg) });
    else if (arg === '' && replied && replied.from?.id !== ctx.me.id)
      entry = await forgetting.find(ownerId, { chatId: ctx.chat.id, messageId: replied.message_id });
    else if (arg === '' && replied) return void (await ctx.reply(NOT_AN_ENTRY_TEXT));
    else return void (await ctx.reply(FORGET_USAGE));
    if (!entry)
      return void (await ctx.reply(
        /^\d/.test(arg) ? `There is no entry #${arg} in your journal. ${FORGET_USAGE}` : NOT_AN_ENTRY_TEXT,
      ));
    // Under the entry's own message when it is in this chat, so Telegram shows which one is meant.
    const underEntry =
      entry.source === 'live' && entry.chatId === ctx.chat.id
        ? { reply_parameters: { message_id: entry.messageId, allow_sending_without_reply: true } }
        : {};
    await ctx.reply(promptText(entry), {
      ...underEntry,
      reply_markup: new InlineKeyboard().text('Forget', `forget:${entry.id}`).text('Keep', `keep:${entry.id}`),
    });
  });

  composer.callbackQuery(FORGET_DATA, async (ctx) => {
    const entryId = Number(ctx.match[1]);
    const prompt = ctx.callbackQuery.message;
    const alsoMessages = prompt ? [{ chatId: prompt.chat.id, messageId: prompt.message_id }] : [];
    const result = await forgetting.entry(ctx.from.id, entryId, alsoMessages);
    deps.logger.info('forget.entry', {
      update_id: ctx.update.update_id,
      found: result.type === 'forgotten',
      purged: result.type === 'forgotten' ? result.purged : null,
    });
    const text =
      result.type === 'forgotten'
        ? `Forgotten: the entry of ${result.day} (#${entryId}) and every copy the bot kept of it are gone.`
        : `Nothing to forget: entry #${entryId} is not in your journal (any more).`;
    await ctx
      .answerCallbackQuery({ text: result.type === 'forgotten' ? 'Forgotten' : 'Already gone' })
      .catch((error) => deps.logger.error('forget.callback_answer_failed', { error: errorMessage(error) }));
    // The prompt showed the entry's first line: it is replaced, so the chat no longer shows it either.
    await ctx.editMessageText(text).catch(async (error) => {
      deps.logger.error('forget.edit_failed', { update_id: ctx.update.update_id, error: errorMessage(error) });
      await ctx.reply(text);
    });
  });

  composer.callbackQuery(KEEP_DATA, async (ctx) => {
    await ctx
      .answerCallbackQuery({ text: 'Kept' })
      .catch((error) => deps.logger.error('forget.callback_answer_failed', { error: errorMessage(error) }));
    await ctx
      .editMessageText(`Kept: entry #${ctx.match[1]} stays in your journal.`)
      .catch((error) => deps.logger.error('forget.edit_failed', { error: errorMessage(error) }));
  });

  // The typed confirmation: a reply to the prompt. Anything else replying to it deletes nothing and is not an entry.
  composer.on('message:text', async (ctx, next) => {
    const prompt = ctx.message.reply_to_message;
    if (!isEverythingPrompt(ctx, prompt)) return next();
    if (ctx.message.date - prompt.date > CONFIRM_WITHIN_SECONDS) {
      return void (await ctx.reply(
        'Nothing was deleted: that prompt is more than 10 minutes old. Send /forget everything again to start over.',
      ));
    }
    if (!confirms(ctx.message.text))
      return void (await ctx.reply(
        `Nothing was deleted. To delete your whole journal, send /forget everything again and reply to it with exactly: ${CONFIRM_PHRASE}`,
      ));
    const result = await forgetting.everything(ctx.from.id);
    deps.logger.info('forget.everything', {
      update_id: ctx.update.update_id,
      entries: result.removed.entry ?? 0,
      purged: result.purged,
    });
    await ctx.reply(
      `Forgotten: your whole journal (${plural(result.removed.entry ?? 0, 'entry', 'entries')}) and everything the bot kept for you are deleted. ` +
        'Backups and exports made before keep what they hold. Anything you write from now on starts a new journal.',
    );
  });

  return composer;
}

export const feature: BotFeature = {
  name: 'forget',
  commands: [{ command: 'forget', menu: 'Forget an entry (reply /forget to it) or everything' }],
  help: '• Forget: reply /forget to one of your messages (or /forget <entry id>) to remove that entry and every copy the bot kept; /forget everything deletes the whole journal after you confirm.',
  // Its typed confirmation replies to the bot and is neither a question nor an entry: the commands phase runs before both.
  welcome: () => '• /forget removes an entry and every copy of it.',
  compose: (deps) => forgetFeature(deps),
};
