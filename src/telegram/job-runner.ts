/**
 * Jobs: the slow part of an update (a question, a retry, an import) runs apart from capture, so a message written
 * meanwhile in the same chat is stored and acknowledged at once. Each job is recorded in SQLite (queued → running →
 * done/failed) with the update that asked for it, and runs as a handler of that update would (a Context rebuilt from
 * it). One job at a time per chat, in order; chats in parallel. A job cut off by a stop or a crash is run again at
 * the next start; one cut off MAX_STARTS times is given up, and its user is told so with a Retry button.
 */
import { BotError, Context, InlineKeyboard, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { errorMessage, type Logger } from '../logger.ts';
import type { BotContext } from './context.ts';
import { createLanes } from './lanes.ts';

export interface JobRecord {
  id: number;
  updateId: number;
  kind: string;
  ownerId: number;
  chatId: number;
  /** The update that asked for the job, JSON. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  starts: number;
}

/** Where jobs live (db/job-store.ts). */
export interface JobStore {
  add(job: Pick<JobRecord, 'updateId' | 'kind' | 'ownerId' | 'chatId' | 'payload'>, now: Date): Promise<JobRecord | null>;
  markStarted(id: number, now: Date): Promise<void>;
  finish(id: number, status: 'done' | 'failed', error: string | null, now: Date): Promise<void>;
  unfinished(): Promise<JobRecord[]>;
  requeue(id: number, ownerId: number, now: Date): Promise<JobRecord | undefined>;
}

export interface JobKind {
  /** What the user is told was not finished, e.g. "your question". */
  title: string;
  run(ctx: BotContext): Promise<void>;
}

export interface Jobs {
  /** Says what a kind of job does; features call it as the bot is assembled. */
  define(kind: string, job: JobKind): void;
  /** Records a job for the update in hand and runs it in the background: the handler returns at once. */
  enqueue(kind: string, ctx: BotContext): Promise<void>;
  /** Queues a given-up job of this owner again (its Retry button); false when there is none. */
  retry(jobId: number, ownerId: number): Promise<boolean>;
  /** The bot whose api jobs answer through, and the error boundary for a job that throws. */
  bind(bot: Bot<BotContext>, onError: (error: BotError<BotContext>) => Promise<void>): void;
  /** Starts running: first what a previous run left queued or cut off. */
  start(): Promise<void>;
  /** Starts nothing more; jobs running now are left as they are, to be run again at the next start. */
  stop(): void;
  /** Resolves once no job is waiting or running. */
  idle(): Promise<void>;
}

/** A job started this many times without finishing is given up: it may be what stops the bot. */
export const MAX_STARTS = 3;

export const jobRetryData = (jobId: number) => `job:${jobId}`;

export function notFinishedText(title: string): string {
  return `I could not finish ${title}: the bot was stopped while working on it. Tap Retry to run it again.`;
}

export function createJobRunner(deps: { store: JobStore; logger: Logger; clock: () => Date }): Jobs {
  const { store, logger, clock } = deps;
  const kinds = new Map<string, JobKind>();
  const lanes = createLanes();
  let bot: Bot<BotContext> | undefined;
  let onError: (error: BotError<BotContext>) => Promise<void> = async () => undefined;
  let running = false;

  const contextOf = (job: JobRecord): BotContext => {
    if (!bot) throw new Error('jobs: bind(bot) was not called');
    return new Context(JSON.parse(job.payload) as Update, bot.api, bot.botInfo);
  };

  const execute = async (job: JobRecord) => {
    if (!running) return; // stopping: it stays queued for the next start
    const log = { job_id: job.id, kind: job.kind, update_id: job.updateId };
    const kind = kinds.get(job.kind);
    try {
      if (!kind) {
        logger.error('job.unknown_kind', log);
        return await store.finish(job.id, 'failed', `unknown kind ${job.kind}`, clock());
      }
      await store.markStarted(job.id, clock());
      const ctx = contextOf(job);
      try {
        await kind.run(ctx);
      } catch (error) {
        if (!running) return; // cut off by a stop: resumed at the next start
        await store.finish(job.id, 'failed', errorMessage(error), clock());
        await onError(new BotError(error, ctx));
        return;
      }
      await store.finish(job.id, 'done', null, clock());
      logger.info('job.done', log);
    } catch (error) {
      if (running) logger.error('job.bookkeeping_failed', { ...log, error: errorMessage(error) });
    }
  };

  const schedule = (job: JobRecord) => void lanes.run(`chat:${job.chatId}`, () => execute(job));

  /** A job cut off too often: failed, and its user is offered a Retry. */
  const giveUp = async (job: JobRecord) => {
    await store.finish(job.id, 'failed', `cut off ${job.starts} times`, clock());
    logger.error('job.given_up', { job_id: job.id, kind: job.kind, starts: job.starts });
    const ctx = contextOf(job);
    const replyTo = ctx.msg?.message_id ?? ctx.callbackQuery?.message?.message_id;
    await ctx.api.sendMessage(job.chatId, notFinishedText(kinds.get(job.kind)?.title ?? 'that'), {
      reply_markup: new InlineKeyboard().text('Retry', jobRetryData(job.id)),
      ...(replyTo ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } } : {}),
    });
  };

  return {
    define(kind, job) {
      kinds.set(kind, job);
    },

    async enqueue(kind, ctx) {
      const chatId = ctx.chat?.id ?? ctx.from?.id;
      if (chatId === undefined || !ctx.from) throw new Error(`a ${kind} job needs a chat and a user`);
      const job = await store.add({ updateId: ctx.update.update_id, kind, ownerId: ctx.from.id, chatId, payload: JSON.stringify(ctx.update) }, clock());
      if (!job) return void logger.info('job.already_queued', { kind, update_id: ctx.update.update_id });
      logger.info('job.queued', { job_id: job.id, kind, update_id: job.updateId });
      if (running) schedule(job);
    },

    async retry(jobId, ownerId) {
      const job = await store.requeue(jobId, ownerId, clock());
      if (!job) return false;
      logger.info('job.retried', { job_id: job.id, kind: job.kind });
      if (running) schedule(job);
      return true;
    },

    bind(b, handler) {
      bot = b;
      onError = handler;
    },

    async start() {
      running = true;
      for (const job of await store.unfinished()) {
        if (job.status === 'running' && job.starts >= MAX_STARTS) {
          await giveUp(job).catch((error) => logger.error('job.give_up_failed', { job_id: job.id, error: errorMessage(error) }));
          continue;
        }
        if (job.status === 'running') logger.info('job.resumed', { job_id: job.id, kind: job.kind, starts: job.starts });
        schedule(job);
      }
    },

    stop() {
      running = false;
    },

    idle: () => lanes.idle(),
  };
}
