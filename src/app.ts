/** Builds the whole app from its dependencies: used by main.ts and by tests, so both run the same wiring. */
import { hostname } from 'node:os';
import Anthropic from '@anthropic-ai/sdk';
import type { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from './config.ts';
import { aiOffReason, journalSettings } from './derived-settings.ts';
import type { JournalDb } from './db/open-database.ts';
import type { Logger } from './log/logger.ts';
import { errorMessage } from './log/error-message.ts';
import { createCaptureWiring } from './capture-wiring.ts';
import type { MediaDownloads } from './journal/media/media-download-worker.ts';
import type { TranscriptionWorker } from './transcription/transcription-worker.ts';
import { createAskCache } from './db/ask-cache-store.ts';
import { createConversationStore } from './db/conversation-store.ts';
import { createSentLedgerStore } from './db/sent-ledger-store.ts';
import { storedConversationSchemas } from './llm/conversation.ts';
import { pastedJournalChars } from './journal/views/entry-queries.ts';
import { journalToday, openJournalOperations } from './journal/journal-operations.ts';
import { readOnThisDay, wroteOn } from './journal/memories.ts';
import { createDigestStore } from './db/digest-store.ts';
import { createDigestScheduler, type DigestScheduler } from './digest/digest-scheduler.ts';
import { createDigestDelivery } from './telegram/digest-delivery.ts';
import type { JournalReads, StatsPictures, WritingPrompts } from './telegram/bot-deps.ts';
import { createQuestions, type Questions } from './llm/ask.ts';
import { askReview } from './llm/review.ts';
import { reviewRange } from './journal/review-range.ts';
import { createEntryReader } from './llm/entry-reader.ts';
import type { BotContext } from './telegram/context.ts';
import { createDocumentImport } from './telegram/document-import.ts';
import { importTelegramExport } from './importer/telegram-export/import-export.ts';
import { createBot } from './telegram/create-bot.ts';
import { createInboxStore } from './db/inbox-store.ts';
import { storageFailure } from './db/storage-failure.ts';
import { createUpdateInbox, type UpdateInbox } from './telegram/intake/update-inbox.ts';
import { createJobStore } from './db/job-store.ts';
import { createJobRunner, type Jobs } from './telegram/jobs/job-runner.ts';
import { leaseTimings, type LeaseTimings } from './telegram/leases.ts';
import { createChatExporter } from './export/chat-export.ts';
import { countOwnerEntries, findEntryToForget, forgetEntry, forgetOwner } from './journal/forget/forget.ts';
import { createJournalBrowse } from './journal/browse.ts';
import { countJournals, findJournal } from './journal/journals/journal-queries.ts';
import { journalOfTopic, nameTopic } from './journal/journals/journal-topics.ts';
import { forgetJournal } from './journal/forget/forget-journal.ts';
import { statsPicture } from './stats/stats-picture.ts';
import { clearMood, moodOn, setMood } from './journal/mood/mood.ts';
import { addOwnerPrompt, listOwnerPrompts, rememberPromptMessage, removeOwnerPrompt } from './journal/prompts/prompt-store.ts';
import { pickPrompt } from './journal/prompts/writing-prompts.ts';
import { createReminderStore } from './db/reminder-store.ts';
import { createReminderScheduler, type ReminderScheduler } from './reminders/reminder-scheduler.ts';
import { SNOOZE_MS } from './reminders/reminder-schedule.ts';
import { createReminderDelivery } from './telegram/reminder-delivery.ts';
import { remoteConnections } from './oauth/remote-connections.ts';

export interface AppDeps {
  config: Config;
  db: JournalDb;
  logger: Logger;
  clock: () => Date;
  botInfo?: UserFromGetMe;
  /** Tests make /export parts small to see the split; production uses Telegram's 50 MB. */
  exportPartBytes?: number;
  /** Picks among writing prompts, [0, 1); default Math.random (tests pass their own). */
  random?: () => number;
  /** Tests shorten the SDK's retries and timeout; production keeps the defaults below. */
  anthropic?: { maxRetries?: number; timeoutMs?: number };
  /**
   * This instance's name in the leases it holds on shared work; unique among instances on one database, and the
   * same across restarts of one instance (a restart then takes its own work back at once). Default: the host name.
   */
  instanceId?: string;
  /** Lease timings; default from LEASE_SECONDS. */
  leases?: LeaseTimings;
}

/** The ledger's name for an endpoint: the base URL without any user or password in it. */
export function endpointLabel(baseURL: string): string {
  const url = new URL(baseURL);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;
}

/** Questions over the owner's journal through the Messages API; null without ANTHROPIC_API_KEY. */
export function createJournalQuestions(deps: Omit<AppDeps, 'botInfo'>): Questions | null {
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
  const ask = { reader: createEntryReader({ client, model: config.readerModel }), maxEntries: config.askMaxEntries, cache: createAskCache(db) };
  return createQuestions({
    client,
    model: config.anthropicModel,
    operationsFor: (ownerId, hooks) =>
      openJournalOperations(db, ownerId, settings, { ask, reportSpend: hooks?.reportSpend, reportSent: hooks?.reportSent }),
    ledger: createSentLedgerStore(db),
    endpoint: endpointLabel(baseURL),
    conversations: createConversationStore(db, storedConversationSchemas),
    clock,
    today: () => journalToday(settings),
    corpusChars: (ownerId) => pastedJournalChars(db, ownerId),
    logger: deps.logger,
  });
}

export interface App {
  bot: Bot<BotContext>;
  /** Sends daily digests; main.ts starts it, tests call tick() with their own clock. */
  digests: DigestScheduler;
  /** Sends daily reminders to write; main.ts starts it, tests call tick() with their own clock. */
  reminders: ReminderScheduler;
  /** Where polling and the webhook put updates; it hands them to the bot. */
  inbox: UpdateInbox;
  /** Questions, reviews, exports and imports, run apart from capture. */
  jobs: Jobs;
  /** Voice notes to transcripts, when TRANSCRIBE_URL is set; main.ts starts and stops it. */
  transcription: TranscriptionWorker | null;
  /** The bytes of captured photos, voice notes and files, fetched after capture; main.ts starts and stops it. */
  mediaDownloads: MediaDownloads;
  /** Starts handling: questions a previous run left pending are marked failed, then its jobs and updates run first. */
  start(): Promise<void>;
  /**
   * Stops handling: waits up to `graceMs` for the updates in hand, leaves running jobs to be resumed at the next
   * start, and marks their questions failed (not pending). True when every update in hand finished.
   */
  stop(graceMs: number): Promise<boolean>;
  /** Resolves once no update or job is waiting or running. */
  idle(): Promise<void>;
}

export function createApp(token: string, deps: AppDeps): App {
  const { config, db, clock } = deps;
  const zone = config.journalTimezone;
  const settings = journalSettings(config, clock);
  const journal: JournalReads = {
    today: () => journalToday(settings),
    onThisDay: (ownerId, date) => readOnThisDay(db, ownerId, date),
    wroteOn: (ownerId, day) => wroteOn(db, ownerId, day),
  };
  const stats: StatsPictures = { picture: (ownerId, period, only) => statsPicture(db, ownerId, period, { today: journal.today(), journal: only }) };
  const digestStore = createDigestStore(db);
  const reminderStore = createReminderStore(db);
  // Built after the bot (it sends through bot.api); /remind only reaches it once updates flow.
  let reminders: ReminderScheduler | undefined;
  const random = deps.random ?? Math.random;
  const prompts: WritingPrompts = {
    pick: (ownerId) => pickPrompt(db, ownerId, journal.today(), random),
    list: async (ownerId) => (await listOwnerPrompts(db, ownerId)).map((p) => p.text),
    add: (ownerId, text) => addOwnerPrompt(db, ownerId, text, clock()),
    remove: (ownerId, n) => removeOwnerPrompt(db, ownerId, n),
    asked: (ref, prompt) => rememberPromptMessage(db, ref, prompt, clock()),
  };
  const questions = createJournalQuestions(deps) ?? undefined;
  // Built after the bot (it sends through bot.api); /digest only reaches it once updates flow.
  let digests: DigestScheduler | undefined;
  const holder = deps.instanceId ?? hostname();
  const leases = deps.leases ?? leaseTimings(config.leaseSeconds * 1000);
  const jobs = createJobRunner({ store: createJobStore(db), logger: deps.logger, clock, holder, leases });
  const captureSide = createCaptureWiring({ token, config, db, clock, logger: deps.logger, holder });
  const { mediaDownloads } = captureSide;
  const bot = createBot(
    token,
    {
      allowedUserIds: config.allowedUserIds,
      logger: deps.logger,
      capture: captureSide.capture,
      journal,
      digests: {
        timeZone: zone,
        get: (ownerId) => digestStore.get(ownerId),
        async set(ownerId, chatId, localTime) {
          await digestStore.subscribe(ownerId, chatId, localTime, clock());
          digests?.wake();
        },
        off: (ownerId) => digestStore.unsubscribe(ownerId),
      },
      moods: {
        get: (ownerId, day) => moodOn(db, ownerId, day),
        set: (ownerId, day, mood) => setMood(db, ownerId, day, mood, clock()),
        clear: (ownerId, day) => clearMood(db, ownerId, day),
      },
      prompts,
      reminders: {
        timeZone: zone,
        get: (ownerId) => reminderStore.get(ownerId),
        async set(ownerId, chatId, localTime) {
          await reminderStore.subscribe(ownerId, chatId, localTime, clock());
          reminders?.wake();
        },
        off: (ownerId) => reminderStore.unsubscribe(ownerId),
        async snooze(ownerId, day) {
          const now = clock();
          const done = await reminderStore.snooze(ownerId, day, new Date(now.getTime() + SNOOZE_MS), now);
          if (done) reminders?.wake();
          return done;
        },
        skip: (ownerId, day) => reminderStore.skip(ownerId, day, clock()),
      },
      questions,
      aiOff: aiOffReason(config),
      forgetting: {
        find: (ownerId, ref) => findEntryToForget(db, ownerId, ref),
        entry: (ownerId, entryId, alsoMessages) => forgetEntry(db, ownerId, entryId, { alsoMessages }),
        everything: (ownerId) => forgetOwner(db, ownerId, clock()),
        countEntries: (ownerId) => countOwnerEntries(db, ownerId),
      },
      browse: createJournalBrowse(db, (ownerId) => openJournalOperations(db, ownerId, settings)),
      jobs,
      reviews: questions && {
        review: (ownerId, period, options) =>
          askReview(
            openJournalOperations(db, ownerId, settings),
            questions,
            ownerId,
            reviewRange(period, journal.today()),
            options,
          ),
      },
      importDocument: createDocumentImport({
        token,
        apiRoot: config.telegramApiRoot,
        importExport: (file, options) => importTelegramExport(db, file, { ...options, timeZone: zone, dayStartsAt: config.journalDayStartsAt, now: clock }),
      }),
      sent: createSentLedgerStore(db),
      exporter: createChatExporter({ db, timeZone: zone, dayStartsAt: config.journalDayStartsAt, clock, maxPartBytes: deps.exportPartBytes, encryptedJournal: config.journalKey !== null }),
      stats,
      journals: {
        ofTopic: (ownerId, threadId) => journalOfTopic(db, ownerId, threadId),
        nameTopic: (ownerId, threadId, name) => nameTopic(db, ownerId, threadId, name),
        list: (ownerId) => countJournals(db, ownerId, {}),
        find: (ownerId, name) => findJournal(db, ownerId, name),
        forget: (ownerId, journal) => forgetJournal(db, ownerId, journal),
      },
      isStorageFailure: (error) => storageFailure(error) !== null,
      connections: config.publicUrl ? remoteConnections(db, config.publicUrl, clock) : undefined,
    },
    { apiRoot: config.telegramApiRoot, botInfo: deps.botInfo },
  );
  const transcription = captureSide.connect(bot.api);
  const inbox = createUpdateInbox({
    store: createInboxStore(db),
    handle: (update) => bot.handleUpdate(update),
    notify: async (chatId, text) => void (await bot.api.sendMessage(chatId, text)),
    storageFailure,
    owners: config.allowedUserIds,
    logger: deps.logger,
    clock,
    holder,
    leases,
  });
  const conversations = createConversationStore(db, storedConversationSchemas);
  const failInterrupted = async () => {
    const failed = await conversations.failInterrupted(clock());
    if (failed > 0) deps.logger.info('questions.interrupted', { conversations: failed });
  };
  // Without the AI there is no review to offer on Sundays.
  digests = createDigestScheduler({ store: digestStore, deliver: createDigestDelivery(bot.api, journal, { offerReview: questions !== undefined, week: { stats, failed: (error) => deps.logger.error('digest.picture_failed', { error: errorMessage(error) }) } }), clock, timeZone: zone, logger: deps.logger });
  reminders = createReminderScheduler({
    store: reminderStore,
    deliver: createReminderDelivery(bot.api, prompts),
    wroteOn: (ownerId, day) => wroteOn(db, ownerId, day),
    clock,
    journalClock: { timeZone: zone, dayStartsAt: config.journalDayStartsAt },
    logger: deps.logger,
  });
  return {
    bot,
    digests,
    reminders,
    inbox,
    jobs,
    transcription,
    mediaDownloads,
    async start() {
      await failInterrupted();
      await jobs.start();
      await inbox.start();
    },
    async stop(graceMs) {
      const finished = await inbox.stop(graceMs);
      jobs.stop();
      await failInterrupted();
      return finished;
    },
    async idle() {
      // A handled update may queue a job, and a job never queues updates: inbox first, then jobs.
      await inbox.idle();
      await jobs.idle();
    },
  };
}
