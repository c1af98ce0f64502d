/** Questions, end to end: mentions → interfaces → the tool loop → a stored conversation and a receipt. */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { Logger } from '../log/log-fields.ts';
import { ObjectError } from '../objects/object-error.ts';
import { createToolExecutor } from '../objects/object-tools.ts';
import type { ObjectOperations } from '../objects/operations.ts';
import { apiFailureFields, apiFailureText, isApiFailure } from './api-failure.ts';
import type { Conversation, ConversationStore } from './conversation.ts';
import { findMentions, unknownMentionsText } from './mentions.ts';
import { interfaceMarker, questionContent } from './prompt.ts';
import { createSpendTally, estimateTokens, formatReceipt, type Receipt, type SpendTally } from './receipt.ts';
import { createSentCollector, type SentCollector } from './sent-ledger.ts';
import type { CitedSource } from './cited-sources.ts';
import { createAskBack, type AskBack, type AskBackDeps } from './ask-back.ts';
import type { PassageMode } from './tool-result-content.ts';
import { runToolLoop, type AnswerListener, type ToolLoopResult } from './tool-loop.ts';
import { answerText } from './answer-text.ts';

export interface QuestionDeps extends AskBackDeps {
  conversations: ConversationStore;
  /** Characters of all the owner's journal text, for the receipt's paste-everything estimate. */
  corpusChars?: (ownerId: number) => Promise<number>;
  logger: Logger;
  limits?: { maxSteps?: number; tokenBudget?: number; maxTokens?: number };
  /** How passages travel to the endpoint (tool-result-content.ts); search results by default. */
  passages?: PassageMode;
}

export type AskOutcome =
  /** `citations`: the search results the answer cites, in the order cited, each once. */
  | { type: 'answer'; text: string; conversationId: number; citations: CitedSource[] }
  /** The API failed after its retries; the question waits in the conversation for `retry`. */
  | { type: 'unavailable'; text: string; conversationId: number }
  /** Nothing reached the model: unknown mentions, an empty question, nothing to retry. */
  | { type: 'rejected'; text: string };

/** How the asker follows the answer while it is written (Telegram shows it as a draft); the outcome is the same without it. */
export interface AskOptions {
  onText?: AnswerListener;
  /**
   * The handle the place it was asked in stands for (a journal's topic: `journal:Dreams`): "@journal" in the question
   * means it, and its interface is given even when nothing is mentioned.
   */
  about?: string;
  /** Aborted when the asker pressed Stop: the answer ends with what was written so far, marked as stopped. */
  signal?: AbortSignal;
}

export interface Questions {
  /** Asks in a new conversation, or continues `conversationId` when it is the owner's. */
  ask(ownerId: number, question: string, conversationId?: number, options?: AskOptions): Promise<AskOutcome>;
  /** Asks a failed conversation's kept question again. */
  retry(ownerId: number, conversationId: number, options?: AskOptions): Promise<AskOutcome>;
  conversationOf(ownerId: number, chatId: number, messageId: number): Promise<number | undefined>;
  linkAnswer(ownerId: number, chatId: number, messageId: number, conversationId: number): Promise<void>;
  /** The last answer's receipt as text. */
  trace(ownerId: number): Promise<string>;
  /** One follow-up question about a new entry, or null (ask-back.ts). */
  askBack: AskBack;
}

export const EMPTY_QUESTION_TEXT =
  'Ask something after /ask, e.g. "/ask how many days did I write in April?", or mention @journal in a question.';
export const NOTHING_TO_RETRY_TEXT = 'Nothing to retry: that question was answered already.';
export const NO_TRACE_TEXT =
  'No answer yet: ask a question first (mention @journal), then /trace shows how it was found.';

/** The next user turn appended to the history; a history that already ends with a user turn (unrun tool calls) takes it in. */
function withUserTurn(history: MessageParam[], turn: MessageParam): MessageParam[] {
  const last = history.at(-1);
  if (last?.role !== 'user') return [...history, turn];
  const asBlocks = (c: MessageParam['content']) => (typeof c === 'string' ? [{ type: 'text' as const, text: c }] : c);
  return [...history.slice(0, -1), { role: 'user', content: [...asBlocks(last.content), ...asBlocks(turn.content)] }];
}

/** All text the user side of a history holds (questions and injected interfaces). */
function userText(history: MessageParam[]): string {
  return history
    .filter((m) => m.role === 'user')
    .flatMap((m) =>
      typeof m.content === 'string' ? [m.content] : m.content.map((b) => (b.type === 'text' ? b.text : '')),
    )
    .join('\n');
}

/** A question to answer in its conversation, with the handles the model already knows. */
type Asked = { conversation: Conversation; question: string; known: string[]; options?: AskOptions };

export function createQuestions(deps: QuestionDeps): Questions {
  const store = deps.conversations;
  const now = () => deps.clock();

  /** Resolves each mention; the ones that are not the owner's handles come back as `unknown`. */
  const resolveMentions = async (ops: ObjectOperations, question: string) => {
    const known: string[] = [];
    const unknown: string[] = [];
    for (const id of findMentions(question)) {
      try {
        known.push((await ops.resolve(id)).objId);
      } catch (error) {
        if (!(error instanceof ObjectError)) throw error;
        unknown.push(id);
      }
    }
    return { known: [...new Set(known)], unknown };
  };

  const receiptOf = async (
    ownerId: number,
    r: ToolLoopResult,
    tally: SpendTally,
    sent: SentCollector,
  ): Promise<Receipt> => ({
    at: now().toISOString(),
    model: deps.model,
    steps: r.steps,
    stopReason: r.ending === 'limit' ? 'step limit' : r.stopReason,
    calls: r.calls,
    usage: r.usage,
    peakContextTokens: r.peakContextTokens,
    wholeJournalTokens: deps.corpusChars ? estimateTokens(await deps.corpusChars(ownerId)) : null,
    reader: tally.usage(),
    sent: sent.summary(),
    citations: r.citations,
  });

  /** One question's operations, with a tally of what its methods spend and of the entries whose text they send. */
  const operationsWithTally = (ownerId: number) => {
    const tally = createSpendTally();
    const sent = createSentCollector(deps.model);
    return { ops: deps.operationsFor(ownerId, { reportSpend: tally.add, reportSent: sent.add }), tally, sent };
  };

  /** Writes what the question sent to the ledger; also after a failed loop, whose requests may have carried it. */
  const recordSent = async (ownerId: number, conversationId: number, sent: SentCollector) => {
    if (!deps.ledger) return;
    const records = sent.records({ ownerId, conversationId, sentAt: now(), endpoint: deps.endpoint ?? 'unknown' });
    if (records.length) await deps.ledger.record(records);
  };

  /**
   * The mentioned handles (with `about`, the place's handle, standing for @journal and added when nothing is
   * mentioned), or the reply listing the owner's handles when one is not theirs.
   */
  const checkMentions = async (
    ops: ObjectOperations,
    question: string,
    about?: string,
  ): Promise<string[] | AskOutcome> => {
    const { known, unknown } = await resolveMentions(ops, question);
    if (!unknown.length && about !== undefined) {
      const place = (await ops.resolve(about)).objId;
      return [...new Set([place, ...known.filter((id) => id !== 'journal')])];
    }
    if (!unknown.length) return known;
    const { objects, more } = await ops.listObjects();
    return { type: 'rejected', text: unknownMentionsText(unknown, objects, more) };
  };

  /** The history plus the new question, with the interfaces of mentioned objects the conversation has not shown yet. */
  const nextMessages = async (
    ops: ObjectOperations,
    history: MessageParam[],
    question: string,
    known: string[],
    about?: string,
  ) => {
    const shown = userText(history);
    const interfaces = await Promise.all(
      known.filter((id) => !shown.includes(interfaceMarker(id))).map((id) => ops.analyzeObject(id)),
    );
    const place = about === undefined ? undefined : known[0];
    const content = questionContent(question, {
      today: history.length === 0 ? deps.today?.() : undefined,
      interfaces,
      about: place,
    });
    return withUserTurn(history, { role: 'user', content });
  };

  const answer = async (
    ownerId: number,
    { ops, tally, sent }: { ops: ObjectOperations; tally: SpendTally; sent: SentCollector },
    { conversation, question, known, options = {} }: Asked,
  ): Promise<AskOutcome> => {
    const id = conversation.id;
    const messages = await nextMessages(ops, conversation.messages, question, known, options.about);
    await store.update(ownerId, id, { status: 'pending', pendingQuestion: question }, now());
    let result: ToolLoopResult;
    try {
      result = await runToolLoop({
        client: deps.client,
        model: deps.model,
        messages,
        execute: createToolExecutor(ops),
        toolTokens: tally.tokens,
        onText: options.onText,
        ...(options.signal ? { signal: options.signal } : {}),
        ...deps.limits,
        passages: deps.passages,
      });
    } catch (error) {
      // Whatever failed, the question stays with the conversation for a retry.
      await store.update(ownerId, id, { status: 'failed', pendingQuestion: question }, now());
      await recordSent(ownerId, id, sent);
      if (!isApiFailure(error)) throw error;
      deps.logger.error('question.api_failed', { conversation_id: id, ...apiFailureFields(error) });
      return { type: 'unavailable', text: apiFailureText(error), conversationId: id };
    }
    await recordSent(ownerId, id, sent);
    const receipt = await receiptOf(ownerId, result, tally, sent);
    const reader = tally.usage();
    // An entry forgotten while the question ran must not live on in the stored conversation: it is dropped then.
    const kept = await store.update(
      ownerId,
      id,
      { messages: result.messages, status: 'answered', pendingQuestion: null, receipt, readEntries: sent.itemIds() },
      now(),
    );
    if (!kept)
      deps.logger.info('question.conversation_dropped', {
        conversation_id: id,
        reason: 'an entry it read was forgotten meanwhile',
      });
    deps.logger.info('question.answered', {
      conversation_id: id,
      steps: result.steps,
      calls: result.calls.length,
      ending: result.ending,
      input_tokens: result.usage.inputTokens + result.usage.cacheReadTokens + result.usage.cacheWriteTokens,
      output_tokens: result.usage.outputTokens,
      peak_context_tokens: result.peakContextTokens,
      ...(reader
        ? {
            reader_calls: reader.calls,
            reader_input_tokens: reader.inputTokens,
            reader_output_tokens: reader.outputTokens,
            reader_entries: reader.entriesRead,
          }
        : {}),
    });
    return { type: 'answer', text: answerText(result), conversationId: id, citations: result.citations };
  };

  return {
    async ask(ownerId, question, conversationId, options) {
      const q = question.trim();
      if (!q) return { type: 'rejected', text: EMPTY_QUESTION_TEXT };
      const scoped = operationsWithTally(ownerId);
      const known = await checkMentions(scoped.ops, q, options?.about);
      if (!Array.isArray(known)) return known; // nothing is stored for a question that never reaches the model
      const existing = conversationId === undefined ? undefined : await store.get(ownerId, conversationId);
      const conversation = existing ?? (await store.create(ownerId, now()));
      return answer(ownerId, scoped, { conversation, question: q, known, options });
    },

    async retry(ownerId, conversationId, options) {
      const c = await store.get(ownerId, conversationId);
      if (!c || c.status !== 'failed' || !c.pendingQuestion) return { type: 'rejected', text: NOTHING_TO_RETRY_TEXT };
      const scoped = operationsWithTally(ownerId);
      const known = await checkMentions(scoped.ops, c.pendingQuestion, options?.about);
      if (!Array.isArray(known)) return known;
      return answer(ownerId, scoped, { conversation: c, question: c.pendingQuestion, known, options });
    },

    askBack: createAskBack(deps),
    conversationOf: (ownerId, chatId, messageId) => store.findByMessage(ownerId, chatId, messageId),
    linkAnswer: (ownerId, chatId, messageId, conversationId) =>
      store.linkMessage(ownerId, chatId, messageId, conversationId),

    async trace(ownerId) {
      const receipt = await store.lastReceipt(ownerId);
      return receipt ? formatReceipt(receipt) : NO_TRACE_TEXT;
    },
  };
}
