/** Assembles the bot: ordering, the error boundary, and the features (features/index.ts) in the order they declare. */
import { Bot } from 'grammy';
import { autoRetry } from '@grammyjs/auto-retry';
import type { UserFromGetMe } from 'grammy/types';
import type { BotContext } from './context.ts';
import type { BotDeps } from './bot-deps.ts';
import { createErrorHandler, createUpdateBoundary } from './error-handler.ts';
import { listFacts, runOrder, type BotFeature } from './feature.ts';
import { FEATURES } from './features/index.ts';
import { createTopicThreads } from './topic-threads.ts';

export interface BotOptions {
  apiRoot?: string | null;
  /** Skips getMe (tests, and restarts that already know the bot). */
  botInfo?: UserFromGetMe;
}

export function createBot(
  token: string,
  deps: BotDeps,
  options: BotOptions = {},
  features: readonly BotFeature[] = FEATURES,
): Bot<BotContext> {
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
  // Each feature declares where it runs (its phase, before/after): see feature.ts and each feature's file.
  const facts = listFacts(features);
  for (const feature of runOrder(features)) app.use(feature.compose(deps, facts));
  bot.catch(onError);
  return bot;
}
