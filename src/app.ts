/** Builds the whole app from its dependencies: used by main.ts and by tests, so both run the same wiring. */
import Anthropic from '@anthropic-ai/sdk';
import type { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from './config.ts';
import type { JournalDb } from './db/open-database.ts';
import type { Logger } from './logger.ts';
import { applyEdit, saveEntry } from './journal/entry-store.ts';
import { createSqliteAskCache } from './db/ask-cache-store.ts';
import { createSqliteConversationStore } from './db/conversation-store.ts';
import { storedConversationSchemas } from './llm/conversation.ts';
import { pastedJournalChars } from './journal/entry-queries.ts';
import { createJournalOperations } from './journal/journal-operations.ts';
import { localMoment } from './journal/local-day.ts';
import { createQuestions, type Questions } from './llm/ask.ts';
import { createEntryReader } from './llm/entry-reader.ts';
import type { BotContext } from './telegram/context.ts';
import { createDocumentImport } from './telegram/document-import.ts';
import { importTelegramExport } from './importer/import-export.ts';
import { createBot } from './telegram/create-bot.ts';
import { createChatExporter } from './export/chat-export.ts';

export interface AppDeps {
  config: Config;
  db: JournalDb;
  logger: Logger;
  clock: () => Date;
  botInfo?: UserFromGetMe;
  /** Tests make /export parts small to see the split; production uses Telegram's 50 MB. */
  exportPartBytes?: number;
  /** Tests shorten the SDK's retries and timeout; production keeps the defaults below. */
  anthropic?: { maxRetries?: number; timeoutMs?: number };
}

/** Questions over the owner's journal through the Messages API; null without ANTHROPIC_API_KEY. */
export function createJournalQuestions(deps: Omit<AppDeps, 'botInfo'>): Questions | null {
  const { config, db, clock } = deps;
  if (!config.anthropicApiKey) return null;
  const client = new Anthropic({
    apiKey: config.anthropicApiKey,
    // Explicit, so the SDK never falls back to reading ANTHROPIC_BASE_URL on its own.
    baseURL: config.anthropicBaseUrl ?? 'https://api.anthropic.com',
    maxRetries: deps.anthropic?.maxRetries ?? 2,
    timeout: deps.anthropic?.timeoutMs ?? 120_000,
  });
  // ask reads through the same client, with the small reader model; its answers are kept per owner.
  const ask = { reader: createEntryReader({ client, model: config.readerModel }), maxEntries: config.askMaxEntries, cache: createSqliteAskCache(db) };
  return createQuestions({
    client,
    model: config.anthropicModel,
    operationsFor: (ownerId, hooks) => createJournalOperations(db, ownerId, { clock, ask, reportSpend: hooks?.reportSpend }),
    conversations: createSqliteConversationStore(db, storedConversationSchemas),
    clock,
    today: () => localMoment(clock(), config.journalTimezone, config.journalDayStartsAt).day,
    corpusChars: (ownerId) => pastedJournalChars(db, ownerId),
    logger: deps.logger,
  });
}

export function createApp(token: string, deps: AppDeps): { bot: Bot<BotContext> } {
  const { config, db, clock } = deps;
  const zone = config.journalTimezone;
  const bot = createBot(
    token,
    {
      allowedUserIds: config.allowedUserIds,
      logger: deps.logger,
      capture: {
        save: (draft) => saveEntry(db, draft, zone, clock(), config.journalDayStartsAt),
        edit: (draft, editedAt) => applyEdit(db, draft, editedAt, zone, clock(), config.journalDayStartsAt),
      },
      questions: createJournalQuestions(deps) ?? undefined,
      importDocument: createDocumentImport({
        token,
        apiRoot: config.telegramApiRoot,
        importExport: (file, options) => importTelegramExport(db, file, { ...options, timeZone: zone, dayStartsAt: config.journalDayStartsAt, now: clock }),
      }),
      exporter: createChatExporter({ db, timeZone: zone, dayStartsAt: config.journalDayStartsAt, clock, maxPartBytes: deps.exportPartBytes }),
    },
    { apiRoot: config.telegramApiRoot, botInfo: deps.botInfo },
  );
  return { bot };
}
