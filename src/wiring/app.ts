/**
 * Builds the bot from its dependencies: used by every entry point that runs it (through wiring/bot-parts.ts, which
 * starts and stops what this builds) and by tests, so all run the same wiring.
 */
import { hostname } from 'node:os';
import type { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../config/config.ts';
import type { JournalDb } from '../db/journal-database.ts';
import type { Logger } from '../log/logger.ts';
import { createCaptureWiring } from './capture.ts';
import type { MediaDownloads } from '../journal/media/media-download-worker.ts';
import type { TranscriptionWorker } from '../transcription/transcription-worker.ts';
import type { DigestScheduler } from '../daily/digest-scheduler.ts';
import type { ReminderScheduler } from '../daily/reminder-scheduler.ts';
import type { BotContext } from '../telegram/context.ts';
import { createBot } from '../telegram/create-bot.ts';
import { createInboxStore } from '../db/inbox-store.ts';
import { storageFailure } from '../db/storage-failure.ts';
import { createUpdateInbox, type UpdateInbox } from '../telegram/intake/update-inbox.ts';
import { createJobStore } from '../db/job-store.ts';
import { createJobRunner, type Jobs } from '../telegram/jobs/job-runner.ts';
import { leaseTimings, type LeaseTimings } from '../telegram/leases.ts';
import { createWiring } from './wiring.ts';
import { botWiringOf } from './bot-deps.ts';
import { failInterruptedOf, type QuestionsDeps } from './questions.ts';

// Questions are built in wiring/questions.ts; the CLI's chat, the eval and tests build them alone from here too.
export { createJournalQuestions, endpointLabel } from './questions.ts';

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
  /** Tests shorten the SDK's retries and timeout; production keeps wiring/questions.ts's defaults. */
  anthropic?: QuestionsDeps['anthropic'];
  /**
   * This instance's name in the leases it holds on shared work; unique among instances on one database, and the
   * same across restarts of one instance (a restart then takes its own work back at once). Default: the host name.
   */
  instanceId?: string;
  /** Lease timings; default from LEASE_SECONDS. */
  leases?: LeaseTimings;
}

export interface App {
  bot: Bot<BotContext>;
  /** Sends daily digests; bot-parts.ts starts and stops it, tests call tick() with their own clock. */
  digests: DigestScheduler;
  /** Sends daily reminders to write; bot-parts.ts starts and stops it, tests call tick() with their own clock. */
  reminders: ReminderScheduler;
  /** Where polling and the webhook put updates; it hands them to the bot. */
  inbox: UpdateInbox;
  /** Questions, reviews, exports and imports, run apart from capture. */
  jobs: Jobs;
  /** Voice notes to transcripts, when TRANSCRIBE_URL is set; bot-parts.ts starts and stops it. */
  transcription: TranscriptionWorker | null;
  /** The bytes of captured photos, voice notes and files, fetched after capture; bot-parts.ts starts and stops it. */
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
  const { config, db, clock, logger } = deps;
  const holder = deps.instanceId ?? hostname();
  const leases = deps.leases ?? leaseTimings(config.leaseSeconds * 1000);
  const wiring = createWiring({ token, config, db, clock, logger, holder });
  const jobs = createJobRunner({ store: createJobStore(db), logger, clock, holder, leases });
  const captureSide = createCaptureWiring({ token, config, db, clock, logger, holder });
  const { mediaDownloads } = captureSide;
  const botWiring = botWiringOf(wiring, {
    jobs,
    capture: captureSide.capture,
    random: deps.random ?? Math.random,
    exportPartBytes: deps.exportPartBytes,
    anthropic: deps.anthropic,
  });
  const bot = createBot(token, botWiring.deps, { apiRoot: config.telegramApiRoot, botInfo: deps.botInfo });
  const transcription = captureSide.connect(bot.api);
  const inbox = createUpdateInbox({
    store: createInboxStore(db),
    handle: (update) => bot.handleUpdate(update),
    notify: async (chatId, text) => void (await bot.api.sendMessage(chatId, text)),
    storageFailure,
    owners: config.allowedUserIds,
    logger,
    clock,
    holder,
    leases,
  });
  const failInterrupted = failInterruptedOf(wiring);
  // Built after the bot (they send through bot.api); /digest and /remind only reach them once updates flow.
  const { digests, reminders } = botWiring.schedule(bot.api);
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
