/** Questions (/ask, mentions, follow-ups, /trace) and /review over the owner's journal through the Messages API. */
import Anthropic from '@anthropic-ai/sdk';
import type { Config } from '../config/config.ts';
import type { JournalDb } from '../db/journal-database.ts';
import type { Logger } from '../log/logger.ts';
import { aiOffReason, journalSettings } from '../config/derived-settings.ts';
import { createAskCache } from '../db/ask-cache-store.ts';
import { createConversationStore } from '../db/conversation-store.ts';
import { createSentLedgerStore } from '../db/sent-ledger-store.ts';
import { storedConversationSchemas } from '../llm/conversation.ts';
import { pastedJournalChars } from '../journal/views/entry-queries.ts';
import { journalToday, openJournalOperations } from '../journal/journal-operations.ts';
import { createQuestions, type Questions } from '../llm/ask.ts';
import { askReview } from '../llm/review.ts';
import { reviewRange } from '../journal/review-range.ts';
import { createEntryReader } from '../llm/entry-reader.ts';
import type { PassageMode } from '../llm/tool-result-content.ts';
import type { BotDeps } from '../telegram/bot-deps.ts';
import type { Wiring } from './wiring.ts';

export interface QuestionsDeps {
  config: Config;
  db: JournalDb;
  clock: () => Date;
  logger: Logger;
  /** Tests shorten the SDK's retries and timeout; production keeps the defaults below. */
  anthropic?: { maxRetries?: number; timeoutMs?: number };
}

/** The ledger's name for an endpoint: the base URL without any user or password in it. */
export function endpointLabel(baseURL: string): string {
  const url = new URL(baseURL);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;
}

/**
 * How entries travel to the model: as citable search results to Anthropic's API, as text to any other
 * Messages-compatible endpoint (Ollama's and llama.cpp's drop search_result blocks, text and all); LLM_SEARCH_RESULTS
 * on/off overrides the guess from the URL.
 */
export function passageMode(config: Pick<Config, 'llmSearchResults' | 'anthropicBaseUrl'>): PassageMode {
  if (config.llmSearchResults !== 'auto') return config.llmSearchResults === 'on' ? 'search_results' : 'text';
  if (config.anthropicBaseUrl === null) return 'search_results';
  const host = new URL(config.anthropicBaseUrl).hostname;
  return host === 'api.anthropic.com' ? 'search_results' : 'text';
}

/** Questions over the owner's journal through the Messages API; null without ANTHROPIC_API_KEY. */
export function createJournalQuestions(deps: QuestionsDeps): Questions | null {
  const { config, db, clock } = deps;
  // JOURNAL_AI=off or no key: no client exists, so nothing can be sent to any model.
  if (aiOffReason(config) !== null || !config.anthropicApiKey) return null;
  const settings = journalSettings(config, clock);
  const baseURL = config.anthropicBaseUrl ?? 'https://api.anthropic.com';
  const client = new Anthropic({
    apiKey: config.anthropicApiKey,
    // Explicit, so the SDK never falls back to reading ANTHROPIC_BASE_URL on its own.
    baseURL,
    maxRetries: deps.anthropic?.maxRetries ?? 2,
    timeout: deps.anthropic?.timeoutMs ?? 120_000,
  });
  // ask reads through the same client, with the small reader model; its answers are kept per owner.
  // The ledger names where entry text went: the base URL (a local server's, with ANTHROPIC_BASE_URL) and the model.
  const ask = {
    reader: createEntryReader({ client, model: config.readerModel }),
    maxEntries: config.askMaxEntries,
    cache: createAskCache(db),
  };
  return createQuestions({
    client,
    model: config.anthropicModel,
    operationsFor: (ownerId, hooks) =>
      openJournalOperations(db, ownerId, settings, {
        ask,
        reportSpend: hooks?.reportSpend,
        reportSent: hooks?.reportSent,
      }),
    ledger: createSentLedgerStore(db),
    endpoint: endpointLabel(baseURL),
    passages: passageMode(config),
    conversations: createConversationStore(db, storedConversationSchemas),
    clock,
    today: () => journalToday(settings),
    corpusChars: (ownerId) => pastedJournalChars(db, ownerId),
    logger: deps.logger,
  });
}

/** /review: the last week or month, asked through `questions`; absent with them. */
export function reviewsOf({ db, settings, today }: Wiring, questions: Questions | undefined): BotDeps['reviews'] {
  return (
    questions && {
      review: (ownerId, period, options) =>
        askReview(
          openJournalOperations(db, ownerId, settings),
          questions,
          ownerId,
          reviewRange(period, today()),
          options,
        ),
    }
  );
}

/** Questions that a previous run left pending (or this one, stopping) are marked failed, not left hanging. */
export function failInterruptedOf({ db, clock, logger }: Wiring): () => Promise<void> {
  const conversations = createConversationStore(db, storedConversationSchemas);
  return async () => {
    const failed = await conversations.failInterrupted(clock());
    if (failed > 0) logger.info('questions.interrupted', { conversations: failed });
  };
}
