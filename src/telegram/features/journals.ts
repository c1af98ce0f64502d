/**
 * Journals as topics of the owner's private chat: a topic's creation and renaming name its journal; /journal new
 * <name> creates a topic (Bot API createForumTopic); /journals lists the journals with their entry counts;
 * /forget journal <name> forgets one journal after a typed confirmation, as a reply to its prompt.
 */
import { Composer, GrammyError } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { commandArgument } from '../command-argument.ts';
import { topicOf } from '../topic-threads.ts';
import { plural } from '../../journal/plural.ts';
import {
  journalDisplayName,
  journalNameProblem,
  MAIN_JOURNAL,
  MAIN_JOURNAL_NAME,
  storedJournalName,
} from '../../journal/journal-names.ts';

export const JOURNAL_USAGE =
  'Use /journal new <name> to start a journal in a topic of its own, e.g. /journal new Dreams; /journal default <name> to send what you write outside topics to it. /journals lists them.';
export const TOPICS_OFF_TEXT =
  'Topics are not enabled for this bot: its owner can turn them on in @BotFather (open the bot, Bot Settings, Topics), then send /journal new again.';
export const FORGET_JOURNAL_HEAD = 'Forget the journal';
/** A confirmation only counts within this long of its prompt. */
const CONFIRM_WITHIN_SECONDS = 10 * 60;
const CONFIRM_LINE = 'To go ahead, reply to this message with: ';

const confirmationOf = (name: string) => `forget journal ${name}`;
const sameWords = (a: string, b: string) =>
  a
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase() === b.replace(/\s+/g, ' ').toLowerCase();

/** The bot's own "forget the journal" prompt, and the phrase it asks for. */
function journalPrompt(ctx: BotContext, replied: Message | undefined): { phrase: string; date: number } | undefined {
  const text = replied?.text ?? '';
  if (replied?.from?.id !== ctx.me.id || !text.startsWith(FORGET_JOURNAL_HEAD)) return undefined;
  const line = text.split('\n').find((l) => l.startsWith(CONFIRM_LINE));
  return line ? { phrase: line.slice(CONFIRM_LINE.length), date: replied.date } : undefined;
}

/** A topic's creation or renaming as Telegram reports it: the name it now has. */
const topicName = (message: Message) => message.forum_topic_created?.name ?? message.forum_topic_edited?.name;

export function journalsFeature(deps: Pick<BotDeps, 'journals' | 'logger'>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const { journals } = deps;

  // Service messages about topics: a name is recorded; closing, reopening or an icon change only need no reply.
  composer.on(
    [
      'message:forum_topic_created',
      'message:forum_topic_edited',
      'message:forum_topic_closed',
      'message:forum_topic_reopened',
    ],
    async (ctx) => {
      const threadId = topicOf(ctx);
      const name = topicName(ctx.message);
      if (threadId === undefined || name === undefined) return;
      const named = await journals.nameTopic(ctx.chat.id, threadId, name);
      deps.logger.info('journal.topic_named', {
        update_id: ctx.update.update_id,
        thread_id: threadId,
        renamed: named.from !== undefined && named.from !== named.to,
        moved: named.moved,
      });
    },
  );

  /** /journal default <name>: where messages outside topics go from now on; "Main" goes back to the main journal. */
  const setDefault = async (ownerId: number, name: string): Promise<string> => {
    const journal = storedJournalName(name) === MAIN_JOURNAL ? MAIN_JOURNAL : await journals.find(ownerId, name);
    if (journal === undefined) {
      const names = (await journals.list(ownerId)).map((j) => j.name).join(', ');
      return `You have no journal ${JSON.stringify(name)}. Your journals: ${names}.`;
    }
    await journals.setDefault(ownerId, journal);
    return `Messages you send outside topics now go to ${journal === MAIN_JOURNAL ? MAIN_JOURNAL_NAME : JSON.stringify(journal)}.`;
  };

  composer.on('message').command('journal', async (ctx) => {
    const [verb, ...rest] = commandArgument(ctx.message.text).split(/\s+/);
    const name = rest.join(' ').trim();
    if (verb?.toLowerCase() === 'default' && name !== '')
      return void (await ctx.reply(await setDefault(ctx.from.id, name)));
    if (verb?.toLowerCase() !== 'new' || name === '') return void (await ctx.reply(JOURNAL_USAGE));
    const problem = journalNameProblem(name);
    if (problem) return void (await ctx.reply(`That name cannot be a journal's: ${problem}.`));
    if (storedJournalName(name) === MAIN_JOURNAL)
      return void (await ctx.reply(`${MAIN_JOURNAL_NAME} is the journal outside topics: choose another name.`));
    let topic;
    try {
      topic = await ctx.api.createForumTopic(ctx.chat.id, name);
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
      deps.logger.info('journal.topic_refused', { update_id: ctx.update.update_id, description: error.description });
      return void (await ctx.reply(TOPICS_OFF_TEXT));
    }
    // Telegram announces the topic with a service message too; recording it now keeps the name if that never comes.
    await journals.nameTopic(ctx.chat.id, topic.message_thread_id, topic.name);
    await ctx.reply(`Started the journal ${JSON.stringify(topic.name)}: what you write in its topic goes into it.`);
  });

  composer.on('message').command('journals', async (ctx) => {
    const list = await journals.list(ctx.from.id);
    const lines = list.map((j) => `• ${j.name}: ${plural(j.entries, 'entry', 'entries')}`);
    await ctx.reply(
      [
        `Your journals (${list.length}):`,
        ...lines,
        '',
        'Each topic of this chat is a journal; /journal new <name> starts one.',
      ].join('\n'),
    );
  });

  composer.on('message').command('forget', async (ctx, next) => {
    const [what, ...rest] = commandArgument(ctx.message.text).split(/\s+/);
    if (what?.toLowerCase() !== 'journal') return next();
    const given = rest.join(' ').trim();
    const journal = given === '' ? undefined : await journals.find(ctx.from.id, storedJournalName(given));
    if (journal === undefined) {
      const names = (await journals.list(ctx.from.id)).map((j) => j.name).join(', ');
      return void (await ctx.reply(
        `${given === '' ? 'Which journal?' : `There is no journal ${JSON.stringify(given)}.`} Send /forget journal <name>; your journals: ${names}.`,
      ));
    }
    const name = journalDisplayName(journal);
    const entries = (await journals.list(ctx.from.id)).find((j) => j.name === name)?.entries ?? 0;
    const text = [
      `${FORGET_JOURNAL_HEAD} ${JSON.stringify(name)}?`,
      `This deletes its ${plural(entries, 'entry', 'entries')} with their earlier versions, tags and every copy the bot kept of them. Your other journals stay. It cannot be undone.`,
      '',
      `${CONFIRM_LINE}${confirmationOf(name)}`,
    ].join('\n');
    await ctx.reply(text, {
      reply_markup: { force_reply: true, input_field_placeholder: confirmationOf(name).slice(0, 64) },
    });
  });

  // The typed confirmation: a reply to the prompt. Anything else replying to it deletes nothing and is not an entry.
  composer.on('message:text', async (ctx, next) => {
    const prompt = journalPrompt(ctx, ctx.message.reply_to_message);
    if (!prompt) return next();
    if (ctx.message.date - prompt.date > CONFIRM_WITHIN_SECONDS) {
      return void (await ctx.reply(
        'Nothing was deleted: that prompt is more than 10 minutes old. Send /forget journal <name> again to start over.',
      ));
    }
    if (!sameWords(ctx.message.text, prompt.phrase))
      return void (await ctx.reply(
        `Nothing was deleted. To forget it, reply to the prompt with exactly: ${prompt.phrase}`,
      ));
    const name = prompt.phrase.slice(confirmationOf('').length);
    const journal = await journals.find(ctx.from.id, storedJournalName(name));
    if (journal === undefined)
      return void (await ctx.reply(`Nothing to forget: there is no journal ${JSON.stringify(name)} (any more).`));
    const result = await journals.forget(ctx.from.id, journal);
    deps.logger.info('journal.forgotten', {
      update_id: ctx.update.update_id,
      entries: result.entries,
      purged: result.purged,
    });
    await ctx.reply(
      `Forgotten: the journal ${JSON.stringify(journalDisplayName(journal))} (${plural(result.entries, 'entry', 'entries')}) and every copy the bot kept of it.`,
    );
  });

  return composer;
}

export const feature: BotFeature = {
  name: 'journals',
  commands: [
    { command: 'journals', menu: 'Your journals (one per topic) with their entry counts' },
    { command: 'journal', menu: 'A journal in a topic: /journal new Dreams; /journal default Dreams' },
  ],
  help: '• Several journals: each topic of this chat is a journal. /journal new Dreams starts one, /journals lists them, /forget journal Dreams forgets one; /journal default Dreams sends what you write outside topics there. Questions and commands in a topic are about its journal.',
  welcome: () => '• /journal new Dreams starts another journal, in a topic of its own.',
  phase: 'gate',
  // A gate: a topic's creation and renaming name its journal before anything reads it.
  after: ['access'],
  compose: (deps) => journalsFeature(deps),
};
