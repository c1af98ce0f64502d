/**
 * Everything the bot sends about a message in a topic of the owner's private chat goes into that topic. Telegram does
 * not infer it (a reply in a topic without `message_thread_id` lands outside it), so one API transformer adds the
 * topic of the update in hand to every send into its chat; handlers and jobs run inside `within(ctx, …)`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transformer } from 'grammy';
import type { BotContext } from './context.ts';

/** Methods that post into a chat and take `message_thread_id`. */
const POSTS = /^(send[A-Z]\w*|copyMessages?|forwardMessages?)$/;

/** The topic an update is about: its message's (or its button's message's) thread in a private chat; none outside. */
export function topicOf(ctx: BotContext): number | undefined {
  if (ctx.chat?.type !== 'private') return undefined;
  const message = ctx.msg ?? ctx.callbackQuery?.message;
  return message?.message_thread_id;
}

export interface TopicThreads {
  /** Adds the topic of the update in hand to sends into its chat that name no thread of their own. */
  transformer: Transformer;
  /** Runs `work` (a handler, a job) with `ctx`'s topic as the one its sends go into. */
  within<T>(ctx: BotContext, work: () => Promise<T>): Promise<T>;
}

export function createTopicThreads(): TopicThreads {
  const current = new AsyncLocalStorage<{ chatId: number; threadId: number } | undefined>();
  return {
    transformer: (prev, method, payload, signal) => {
      const at = current.getStore();
      const p = payload as { chat_id?: unknown; message_thread_id?: unknown };
      if (!at || !POSTS.test(method) || p.message_thread_id !== undefined || p.chat_id !== at.chatId)
        return prev(method, payload, signal);
      return prev(method, { ...payload, message_thread_id: at.threadId } as typeof payload, signal);
    },
    within(ctx, work) {
      const threadId = topicOf(ctx);
      return current.run(threadId !== undefined && ctx.chat ? { chatId: ctx.chat.id, threadId } : undefined, work);
    },
  };
}
