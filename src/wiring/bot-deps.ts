/**
 * The bot's dependencies (telegram/bot-deps.ts), each built by its feature's factory beside this file; app.ts hands
 * them to the bot and starts the two schedulers once the bot is built.
 */
import { aiOffReason } from '../config/derived-settings.ts';
import { storageFailure } from '../db/storage-failure.ts';
import { createSentLedgerStore } from '../db/sent-ledger-store.ts';
import { createJournalBrowse } from '../journal/browse.ts';
import { journalToday, openJournalOperations } from '../journal/journal-operations.ts';
import { remoteConnections } from '../oauth/remote-connections.ts';
import type { DigestScheduler } from '../daily/digest-scheduler.ts';
import type { ReminderScheduler } from '../daily/reminder-scheduler.ts';
import type { BotDeps, EntryCapture } from '../telegram/bot-deps.ts';
import type { Jobs } from '../telegram/jobs/job-runner.ts';
import type { Wiring } from './wiring.ts';
import { journalReadsOf, statsPicturesOf } from './journal-reads.ts';
import { moodsOf } from './mood.ts';
import { promptsOf } from './prompts.ts';
import { forgettingOf, topicJournalsOf } from './forget.ts';
import { documentImportOf, exporterOf } from './files.ts';
import { createGenerationStops } from '../telegram/generation-stops.ts';
import { createJournalQuestions, reviewsOf, type QuestionsDeps } from './questions.ts';
import { digestsOf, type DigestWiring } from './digest.ts';
import { remindersOf } from './remind.ts';
import { askingDeps } from './asking.ts';
import { webLinksOf } from './web-link.ts';

export interface BotWiringOptions {
  /** The job runner and the capture side, built by app.ts (they outlive the bot's handlers). */
  jobs: Jobs;
  capture: EntryCapture;
  /** Picks among writing prompts, [0, 1). */
  random: () => number;
  /** Tests make /export parts small to see the split. */
  exportPartBytes?: number;
  anthropic?: QuestionsDeps['anthropic'];
}

export interface BotWiring {
  deps: BotDeps;
  /** Once the bot is built: the digest and reminder schedulers, sending through its API. */
  schedule(api: Parameters<DigestWiring['schedule']>[0]): { digests: DigestScheduler; reminders: ReminderScheduler };
}

export function botWiringOf(w: Wiring, options: BotWiringOptions): BotWiring {
  const { config, db } = w;
  const journal = journalReadsOf(w);
  const stats = statsPicturesOf(w);
  const prompts = promptsOf(w, options.random);
  const questions = createJournalQuestions({ ...w, anthropic: options.anthropic }) ?? undefined;
  const digests = digestsOf(w);
  const reminders = remindersOf(w);
  const deps: BotDeps = {
    allowedUserIds: config.allowedUserIds,
    logger: w.logger,
    capture: options.capture,
    journal,
    digests: digests.settings,
    moods: moodsOf(w),
    prompts,
    reminders: reminders.settings,
    questions,
    aiOff: aiOffReason(config),
    forgetting: forgettingOf(w),
    browse: createJournalBrowse(
      db,
      (ownerId) => openJournalOperations(db, ownerId, w.settings),
      () => journalToday(w.settings),
    ),
    jobs: options.jobs,
    reviews: reviewsOf(w, questions),
    importDocument: documentImportOf(w),
    sent: createSentLedgerStore(db),
    exporter: exporterOf(w, options.exportPartBytes),
    stats,
    journals: topicJournalsOf(w),
    isStorageFailure: (error) => storageFailure(error) !== null,
    connections: config.publicUrl ? remoteConnections(db, config.publicUrl, w.clock, config.allowedUserIds) : undefined,
    ...askingDeps(db, config, w.clock),
    generations: createGenerationStops(),
    webLinks: webLinksOf(w),
  };
  return {
    deps,
    schedule: (api) => ({
      digests: digests.schedule(api, { journal, stats, offerReview: questions !== undefined }),
      reminders: reminders.schedule(api, prompts),
    }),
  };
}
