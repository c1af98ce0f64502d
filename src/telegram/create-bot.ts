/** Assembles the bot: ordering, the error boundary, and the features in the order they must run. */
import { Bot } from 'grammy';
import { autoRetry } from '@grammyjs/auto-retry';
import type { UserFromGetMe } from 'grammy/types';
import type { BotContext } from './context.ts';
import type { BotDeps } from './bot-deps.ts';
import { createErrorHandler, createUpdateBoundary } from './error-handler.ts';
import { accessFeature } from './features/access.ts';
import { startFeature } from './features/start.ts';
import { connectionsFeature } from './features/connections.ts';
import { questionFeature } from './features/question.ts';
import { retryFeature } from './features/retry.ts';
import { jobRetryFeature } from './features/job-retry.ts';
import { traceFeature } from './features/trace.ts';
import { sentFeature } from './features/sent.ts';
import { onThisDayFeature } from './features/on-this-day.ts';
import { digestFeature } from './features/digest.ts';
import { reviewFeature } from './features/review.ts';
import { importFeature } from './features/import.ts';
import { exportFeature } from './features/export.ts';
import { statsFeature } from './features/stats.ts';
import { entryFeature } from './features/entry.ts';
import { forgetFeature } from './features/forget.ts';
import { searchFeature } from './features/search.ts';
import { dayFeature } from './features/day.ts';
import { browsePagesFeature } from './features/browse-pages.ts';
import { unhandledFeature } from './features/unhandled.ts';
import { moodFeature } from './features/mood.ts';
import { promptsFeature } from './features/prompts.ts';
import { remindFeature } from './features/remind.ts';
import { journalsFeature } from './features/journals.ts';
import { createTopicThreads } from './topic-threads.ts';

export interface BotOptions {
  apiRoot?: string | null;
  /** Skips getMe (tests, and restarts that already know the bot). */
  botInfo?: UserFromGetMe;
}

export function createBot(token: string, deps: BotDeps, options: BotOptions = {}): Bot<BotContext> {
  const bot = new Bot<BotContext>(token, {
    botInfo: options.botInfo,
    client: options.apiRoot ? { apiRoot: options.apiRoot } : undefined,
  });
  // Retries Telegram's 429s; a dead network fails instead of retrying forever.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowHttpErrors: true }));

  // What the bot sends about a message in a topic goes into that topic, from handlers and jobs alike.
  const topics = createTopicThreads();
  bot.api.config.use(topics.transformer);

  // Per-chat order (an edit never overtakes its message) is kept by the update inbox, which hands updates over.
  const onError = createErrorHandler(deps.logger);
  deps.jobs.bind(bot, onError, topics.within);
  // Outside the boundary, so an apology for a topic's update goes into that topic too.
  bot.use((ctx, next) => topics.within(ctx, next));
  // A storage failure escapes the boundary to the update inbox, which retries the update; the rest is apologised for.
  const app = bot.errorBoundary(createUpdateBoundary(onError, deps.isStorageFailure ?? (() => false)));
  app.use(accessFeature(deps));
  app.use(connectionsFeature(deps)); // before /start: a consent link is a /start with its payload
  app.use(journalsFeature(deps)); // before everything else: a topic's creation and renaming name its journal
  app.use(startFeature(deps));
  app.use(exportFeature(deps));
  app.use(traceFeature(deps));
  app.use(sentFeature(deps));
  app.use(onThisDayFeature(deps));
  app.use(statsFeature(deps));
  app.use(searchFeature(deps));
  app.use(dayFeature(deps));
  app.use(browsePagesFeature(deps));
  app.use(forgetFeature(deps)); // before questions and entries: its typed confirmation replies to the bot and is neither
  app.use(digestFeature(deps));
  app.use(remindFeature(deps));
  app.use(moodFeature(deps));
  app.use(promptsFeature(deps));
  app.use(reviewFeature(deps));
  app.use(retryFeature(deps));
  app.use(jobRetryFeature(deps));
  app.use(questionFeature(deps));
  app.use(importFeature(deps)); // before entries: an export sent with a caption is not an entry
  app.use(entryFeature(deps));
  app.use(unhandledFeature()); // must be last
  bot.catch(onError);
  return bot;
}
