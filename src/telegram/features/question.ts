/** Questions: a message that mentions an object, starts with /ask, or replies to an answer. Never stored as an entry. */
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.ts';
import type { BotFeature } from '../feature.ts';
import type { BotDeps } from '../bot-deps.ts';
import { splitForTelegram } from '../reply.ts';
import { formatMarkdown } from '../markdown.ts';
import { replyFormatted } from '../send-formatted.ts';
import { FormattedString } from '@grammyjs/parse-mode';
import { errorMessage } from '../../log/error-message.ts';
import type { AskOptions, AskOutcome, Questions } from '../../llm/ask.ts';
import { createAnswerDraft } from '../answer-draft.ts';
import { isQuestion, stripAskCommand } from '../../llm/mentions.ts';
import { topicHandleOf } from '../topic-journal.ts';
import { answerSources, withFromLine } from '../answer-sources.ts';
import { sendRich, type RichAnswer } from '../send-rich.ts';

export const NO_API_KEY_TEXT =
  'Questions need the Anthropic API, and this bot has no key: its owner must set ANTHROPIC_API_KEY and restart it. Nothing was saved from this message.';

/** The one line a question gets with JOURNAL_AI=off: nothing is sent to any model. */
export const AI_SWITCHED_OFF_TEXT =
  'The AI is off on this bot (JOURNAL_AI=off), so nothing is sent to any model; its owner can turn it on with JOURNAL_AI=on and ANTHROPIC_API_KEY, then a restart. /search and /day work without it. Nothing was saved from this message.';

/** What a question gets when the AI is off, by why it is off. */
export const aiOffText = (reason: BotDeps['aiOff']) =>
  reason === 'switched-off' ? AI_SWITCHED_OFF_TEXT : NO_API_KEY_TEXT;

/** How often the typing indicator is renewed; Telegram shows it for about 5 seconds. */
export const TYPING_EVERY_MS = 4_000;

export const retryData = (conversationId: number) => `retry:${conversationId}`;

/** Shows "typing…" now and every few seconds until the returned stop is called. */
async function keepTyping(ctx: BotContext, logger: BotDeps['logger']): Promise<() => void> {
  const send = () =>
    ctx.replyWithChatAction('typing').then(
      () => undefined,
      (error) =>
        logger.error('question.typing_failed', { update_id: ctx.update.update_id, error: errorMessage(error) }),
    );
  await send();
  const timer = setInterval(() => void send(), TYPING_EVERY_MS);
  return () => clearInterval(timer);
}

/** Who asked, in which chat, and the message the answer replies to. */
export interface QuestionPlace {
  ownerId: number;
  chatId: number;
  replyTo: number;
}

/**
 * Runs a question with the typing indicator on, then replies to `replyTo` in chunks; each chunk joins the conversation.
 * In a private chat the answer shows as a draft while it is written; elsewhere drafts do not exist, so it arrives whole.
 * Asked in a topic, the question is about that topic's journal (`about`), and every message goes into the topic.
 */
export interface AskAndReply {
  questions: Questions;
  /** Who asked, in which chat, replying to which message. */
  place: QuestionPlace;
  /** Runs the question (a question, a retry, a review) with the options the reply needs. */
  run: (options: AskOptions) => Promise<AskOutcome>;
  /** Makes one rich message of the answer where Telegram takes it (a review). */
  rich?: RichAnswer;
}

export async function askAndReply(
  ctx: BotContext,
  deps: Pick<BotDeps, 'logger'> & Partial<Pick<BotDeps, 'journals' | 'citations' | 'generations'>>,
  { questions, place, run, rich }: AskAndReply,
) {
  const { ownerId, chatId, replyTo } = place;
  const draftId = ctx.update.update_id || 1;
  const draft =
    ctx.chat?.type === 'private'
      ? createAnswerDraft({
          api: ctx.api,
          chatId,
          draftId,
          logger: deps.logger,
          logFields: { update_id: ctx.update.update_id },
          canStop: deps.generations !== undefined,
        })
      : undefined;
  // The draft's Stop button ends the generation: the answer is what was written so far, marked stopped (ask.ts).
  const generation = draft && deps.generations?.start(chatId, draftId);
  const about = deps.journals && (await topicHandleOf(ctx, deps.journals));
  const stopTyping = await keepTyping(ctx, deps.logger);
  let outcome: AskOutcome;
  try {
    outcome = await run({
      onText: draft?.show,
      ...(about !== undefined ? { about } : {}),
      ...(generation ? { signal: generation.signal } : {}),
    });
  } finally {
    generation?.done();
    stopTyping();
    await draft?.finish();
  }
  deps.logger.info('question.outcome', {
    update_id: ctx.update.update_id,
    outcome: outcome.type,
    chars: outcome.text.length,
  });
  // The model writes Markdown; our own texts (rejections, failures) go as they are.
  const formatted =
    outcome.type === 'answer'
      ? formatMarkdown(outcome.text)
      : splitForTelegram(outcome.text).map((c) => new FormattedString(c));
  const sources =
    outcome.type === 'answer' && deps.citations
      ? await answerSources(deps.citations, place, outcome.citations)
      : { chunks: [], original: undefined, linked: [] };
  // One rich message where Telegram takes it; refused, the plain messages below.
  const richSent =
    rich && outcome.type === 'answer'
      ? await sendRich(ctx, deps.logger, await rich(formatted, sources.linked), replyTo)
      : undefined;
  if (richSent && outcome.type === 'answer')
    await questions.linkAnswer(ownerId, chatId, richSent.message_id, outcome.conversationId);
  const chunks = richSent ? [] : withFromLine(formatted, sources.chunks);
  for (const [i, chunk] of chunks.entries()) {
    const last = i === chunks.length - 1;
    const options = {
      reply_parameters: { message_id: replyTo, allow_sending_without_reply: true },
      ...(last && outcome.type === 'unavailable'
        ? { reply_markup: new InlineKeyboard().text('Retry', retryData(outcome.conversationId)) }
        : {}),
    };
    const sent = await replyFormatted(ctx, chunk, options, () =>
      deps.logger.error('question.formatting_rejected', { update_id: ctx.update.update_id, chunk: i }),
    );
    if (outcome.type !== 'rejected')
      await questions.linkAnswer(ownerId, chatId, sent.message_id, outcome.conversationId);
  }
  if (sources.original && outcome.type === 'answer' && !richSent) {
    // The one entry cited was captured here: its own message is quoted by replying to it.
    const sent = await ctx.reply(sources.original.text, {
      reply_parameters: { message_id: sources.original.messageId, allow_sending_without_reply: true },
    });
    await questions.linkAnswer(ownerId, chatId, sent.message_id, outcome.conversationId);
  }
}

/** The conversation a message continues: the one its replied-to bot message belongs to. */
async function conversationRepliedTo(ctx: BotContext, questions: Questions | undefined): Promise<number | undefined> {
  const replied = ctx.msg?.reply_to_message;
  if (!questions || !replied || !ctx.from || !ctx.chat || replied.from?.id !== ctx.me.id) return undefined;
  return questions.conversationOf(ctx.from.id, ctx.chat.id, replied.message_id);
}

/** The question a message holds: its text, or a photo's or file's caption. */
const questionTextOf = (message: { text?: string; caption?: string } | undefined) =>
  message?.text ?? message?.caption ?? '';

/** The job: asks the question of the update in hand and replies (it runs apart from capture, see job-runner.ts). */
async function answerQuestion(
  ctx: BotContext,
  deps: Pick<BotDeps, 'logger' | 'questions' | 'aiOff' | 'journals' | 'citations' | 'generations'>,
): Promise<void> {
  const message = ctx.msg;
  if (!message || !ctx.from || !ctx.chat) throw new Error('a question job needs the message that asked it');
  const replyTo = message.message_id;
  if (!deps.questions)
    return void (await ctx.reply(aiOffText(deps.aiOff), { reply_parameters: { message_id: replyTo } }));
  const questions = deps.questions;
  const conversationId = await conversationRepliedTo(ctx, questions);
  const place = { ownerId: ctx.from.id, chatId: ctx.chat.id, replyTo };
  await askAndReply(ctx, deps, {
    questions,
    place,
    run: (options) => questions.ask(place.ownerId, stripAskCommand(questionTextOf(message)), conversationId, options),
  });
}

export function questionFeature(
  deps: Pick<BotDeps, 'logger' | 'questions' | 'jobs' | 'aiOff' | 'journals' | 'citations' | 'generations'>,
): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  deps.jobs.define('question', { title: 'your question', run: (ctx) => answerQuestion(ctx, deps) });

  // A caption is a question by the same rules as text (a photo captioned "@journal …" is asked, not stored).
  composer.on(['message:text', 'message:caption'], async (ctx, next) => {
    const conversationId = await conversationRepliedTo(ctx, deps.questions);
    if (!isQuestion(questionTextOf(ctx.message)) && conversationId === undefined) return next();
    deps.logger.info('question.received', { update_id: ctx.update.update_id, follow_up: conversationId !== undefined });
    // The answer may take a minute: it runs as a job, so what the owner writes meanwhile is stored at once.
    await deps.jobs.enqueue('question', ctx);
  });

  // Editing a question must not turn it into an entry.
  composer.on(['edited_message:text', 'edited_message:caption'], async (ctx, next) => {
    if (
      !isQuestion(questionTextOf(ctx.editedMessage)) &&
      (await conversationRepliedTo(ctx, deps.questions)) === undefined
    )
      return next();
    deps.logger.info('question.edit_ignored', { update_id: ctx.update.update_id });
  });

  return composer;
}

export const feature: BotFeature = {
  name: 'question',
  commands: [{ command: 'ask', menu: 'Ask a question about your journal' }],
  help: '• Ask about it: mention @journal in a question, e.g. "@journal how many days did I write in April?", or start with /ask. The answer appears as it is written, then arrives formatted. Reply to an answer to follow up.',
  welcome: (deps) => (deps.questions ? '• Ask: "@journal how many days did I write in April?"' : null),
  phase: 'messages',
  // A question is never an entry, even one sent as a caption.
  before: ['import', 'entry'],
  compose: (deps) => questionFeature(deps),
};
