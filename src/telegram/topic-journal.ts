/** The journal an update is about: the one its topic names, or none (the main journal, outside topics). */
import type { BotContext } from './context.ts';
import type { TopicJournals } from './bot-deps.ts';
import { topicOf } from './topic-threads.ts';
import { journalHandle } from '../journal/journal-names.ts';

/** The stored name of the journal of the update's topic, or undefined outside topics. */
export async function journalOfUpdate(ctx: BotContext, journals: TopicJournals): Promise<string | undefined> {
  const threadId = topicOf(ctx);
  if (threadId === undefined || !ctx.chat) return undefined;
  // The private chat's id is its owner's user id, also for service messages another party caused.
  return journals.ofTopic(ctx.chat.id, threadId);
}

/** The handle a command or question in a topic is about (`journal:Dreams`), or undefined outside topics. */
export async function topicHandleOf(ctx: BotContext, journals: TopicJournals): Promise<string | undefined> {
  const journal = await journalOfUpdate(ctx, journals);
  return journal === undefined ? undefined : journalHandle(journal);
}
