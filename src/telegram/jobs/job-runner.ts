/**
 * Jobs: the slow part of an update (a question, a retry, a review, an export, an import) runs apart from capture, so
 * a message written meanwhile in the same chat is stored and acknowledged at once. Each job is recorded in the
 * database (queued → running → done/failed) with the update that asked for it, and runs as a handler of that update
 * would (a Context rebuilt from it). One job at a time per chat, in order; chats in parallel.
 *
 * Every instance sharing the database runs jobs: each claims the next one in a single statement, so exactly one
 * instance runs it, under a lease renewed while it runs. A job whose instance died (or was stopped mid-way) is
 * claimed again once its lease runs out (at once by a restart under the same name); one cut off MAX_STARTS times is
 * given up, and its user is told so with a Retry button.
 *
 * Every job answers once: its first message to the chat is marked (by the instance holding the job) before it goes
 * out, and a job taken over after that mark is not run again, so no reply is ever sent twice. A kind that can go on
 * in the message it already sent (an import's status, edited as it goes) says so with `resume`: once Telegram took
 * that message, its id is kept, and a job cut off later resumes in it instead of sending another.
 */
import { BotError, Context, InlineKeyboard, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../../log/logger.ts';
import { errorMessage } from '../../log/error-message.ts';
import type { BotContext } from '../context.ts';
import type { JobRecord, JobStore } from './job-store-port.ts';
import type { LeaseTimings } from '../leases.ts';
import { createJobReplyGuard, JobTakenOver } from './job-reply-guard.ts';

export interface JobKind {
  /** What the user is told was not finished, e.g. "your question". */
  title: string;
  /**
   * Does the job. Its first message to the chat must not be sent twice: the job is marked before that message goes
   * out, and a job taken over after the mark is not run again (never twice beats once more), unless it can `resume`.
   */
  run(ctx: BotContext): Promise<void>;
  /**
   * Goes on after a cut-off in `messageId`, the first message an earlier start sent (and Telegram took), sending no
   * new one; without it, a job cut off after its first message went out is given up silently.
   */
  resume?(ctx: BotContext, messageId: number): Promise<void>;
}

export interface Jobs {
  /** Says what a kind of job does; features call it as the bot is assembled. */
  define(kind: string, job: JobKind): void;
  /** Records a job for the update in hand and runs it in the background: the handler returns at once. One per update. */
  enqueue(kind: string, ctx: BotContext): Promise<void>;
  /** Queues a given-up job of this owner again (its Retry button); false when there is none. */
  retry(jobId: number, ownerId: number): Promise<boolean>;
  /**
   * The bot whose api jobs answer through, the error boundary for a job that throws, and what each job's work runs
   * within (the topic its update came from, telegram/topic-threads.ts).
   */
  bind(bot: Bot<BotContext>, onError: (error: BotError<BotContext>) => Promise<void>, within?: JobSurroundings): void;
  /** Starts running: first what a previous run left queued or cut off. */
  start(): Promise<void>;
  /** Claims nothing more; jobs running now keep their leases, to be taken over once they run out (or at the next start). */
  stop(): void;
  /** Resolves once no job is waiting to be claimed or running here. */
  idle(): Promise<void>;
}

/** Runs a job's work in the surroundings of the update that asked for it. */
export type JobSurroundings = <T>(ctx: BotContext, work: () => Promise<T>) => Promise<T>;

export interface JobRunnerDeps {
  store: JobStore;
  logger: Logger;
  clock: () => Date;
  /** This instance's name in leases. */
  holder: string;
  leases: LeaseTimings;
  /** Jobs run at once by this instance; the rest wait for another instance or a free place. */
  maxRunning?: number;
}

/** A job started this many times without finishing is given up: it may be what stops the bot. */
export const MAX_STARTS = 3;
const MAX_RUNNING = 50;

export const jobRetryData = (jobId: number) => `job:${jobId}`;

export function notFinishedText(title: string): string {
  return `I could not finish ${title}: the bot was stopped while working on it. Tap Retry to run it again.`;
}

export function createJobRunner(deps: JobRunnerDeps): Jobs {
  const { store, logger, clock, holder, leases } = deps;
  const maxRunning = deps.maxRunning ?? MAX_RUNNING;
  const kinds = new Map<string, JobKind>();
  const inHand = new Map<number, Promise<void>>();
  const replies = createJobReplyGuard({ store, logger, clock, holder });
  let bot: Bot<BotContext> | undefined;
  let onError: (error: BotError<BotContext>) => Promise<void> = async () => undefined;
  let within: JobSurroundings = (_ctx, work) => work();
  let running = false;
  let claiming: Promise<void> | null = null;
  let claimAgain = false;
  let timers: NodeJS.Timeout[] = [];
  const until = () => new Date(clock().getTime() + leases.leaseMs);

  const contextOf = (job: JobRecord): BotContext => {
    if (!bot) throw new Error('jobs: bind(bot) was not called');
    return new Context(JSON.parse(job.payload) as Update, bot.api, bot.botInfo);
  };

  /** The message a job cut off after its first message goes on in, when its kind can. */
  const resumesIn = (job: JobRecord, kind: JobKind): number | undefined =>
    job.repliedAt !== null && job.replyMessageId !== null && kind.resume ? job.replyMessageId : undefined;

  const execute = async (job: JobRecord, kind: JobKind) => {
    const log = { job_id: job.id, kind: job.kind, update_id: job.updateId };
    const ctx = contextOf(job);
    const resumeIn = resumesIn(job, kind);
    try {
      const work = () => (resumeIn !== undefined && kind.resume ? kind.resume(ctx, resumeIn) : kind.run(ctx));
      await replies.run(
        { job, resumes: kind.resume !== undefined, claim: job.repliedAt !== null ? Promise.resolve(true) : undefined },
        () => within(ctx, work),
      );
    } catch (error) {
      if (error instanceof JobTakenOver)
        return void logger.error('job.taken_over', {
          ...log,
          hint: 'its lease ran out while it ran; the instance that took it over answers',
        });
      if (!running) return; // cut off by a stop: taken over when its lease runs out, or at the next start
      if (await store.finish(job.id, holder, 'failed', errorMessage(error), clock()))
        await within(ctx, () => onError(new BotError(error, ctx)));
      return;
    }
    if (await store.finish(job.id, holder, 'done', null, clock())) logger.info('job.done', log);
    else
      logger.error('job.taken_over', {
        ...log,
        hint: 'it finished after its lease ran out; the instance that took it over runs it again',
      });
  };

  /** A job cut off too often: failed, and its user is offered a Retry. */
  const giveUp = async (job: JobRecord) => {
    await store.finish(job.id, holder, 'failed', `cut off ${job.starts - 1} times`, clock());
    logger.error('job.given_up', { job_id: job.id, kind: job.kind, starts: job.starts - 1 });
    const ctx = contextOf(job);
    const replyTo = ctx.msg?.message_id ?? ctx.callbackQuery?.message?.message_id;
    await within(ctx, () =>
      ctx.api.sendMessage(job.chatId, notFinishedText(kinds.get(job.kind)?.title ?? 'that'), {
        reply_markup: new InlineKeyboard().text('Retry', jobRetryData(job.id)),
        ...(replyTo ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } } : {}),
      }),
    );
  };

  /** Settles a claimed job that must not run (again): true when it did. */
  const settle = async (job: JobRecord, kind: JobKind | undefined): Promise<boolean> => {
    const log = { job_id: job.id, kind: job.kind, update_id: job.updateId };
    if (!kind) {
      logger.error('job.unknown_kind', log);
      await store.finish(job.id, holder, 'failed', `unknown kind ${job.kind}`, clock());
    } else if (job.repliedAt && resumesIn(job, kind) === undefined) {
      // Its reply may have reached the chat before its instance stopped: not sent again.
      logger.error('job.maybe_answered', { ...log, replied_at: job.repliedAt });
      await store.finish(
        job.id,
        holder,
        'failed',
        'cut off after it began to send its answer; not sent again',
        clock(),
      );
    } else if (job.starts > MAX_STARTS) {
      await giveUp(job);
    } else {
      if (job.starts > 1) logger.info('job.resumed', { ...log, starts: job.starts - 1 });
      return false;
    }
    return true;
  };

  const run = async (job: JobRecord, kind: JobKind) => {
    try {
      await execute(job, kind);
    } catch (error) {
      if (running)
        logger.error('job.bookkeeping_failed', {
          job_id: job.id,
          kind: job.kind,
          update_id: job.updateId,
          error: errorMessage(error),
        });
    }
  };

  const claimLoop = async () => {
    while (running && inHand.size < maxRunning) {
      const job = await store.claimNext(holder, clock(), until());
      if (!job) return;
      const kind = kinds.get(job.kind);
      const settled = await settle(job, kind).catch((error) => {
        logger.error('job.settle_failed', { job_id: job.id, error: errorMessage(error) });
        return true;
      });
      if (settled || !kind) continue;
      const done = run(job, kind).finally(() => {
        inHand.delete(job.id);
        wake(); // the chat's next job may be claimable now
      });
      inHand.set(job.id, done);
    }
  };

  /** Claims what there is to run; calls while a claim loop runs make it go round once more. */
  const wake = () => {
    if (!running) return;
    if (claiming) return void (claimAgain = true);
    claiming = (async () => {
      do {
        claimAgain = false;
        await claimLoop();
      } while (claimAgain && running);
    })()
      .catch((error) => logger.error('job.claim_failed', { error: errorMessage(error) }))
      .finally(() => (claiming = null));
  };

  const renew = async () => {
    const ours = [...inHand.keys()];
    if (ours.length === 0) return;
    const held = new Set(await store.renew(holder, until()));
    for (const id of ours)
      if (inHand.has(id) && !held.has(id))
        logger.error('job.lease_lost', {
          job_id: id,
          hint: 'another instance may take it over; its answer is sent by one of them only',
        });
  };

  return {
    define(kind, job) {
      kinds.set(kind, job);
    },

    async enqueue(kind, ctx) {
      const chatId = ctx.chat?.id ?? ctx.from?.id;
      if (chatId === undefined || !ctx.from) throw new Error(`a ${kind} job needs a chat and a user`);
      const job = await store.add(
        { updateId: ctx.update.update_id, kind, ownerId: ctx.from.id, chatId, payload: JSON.stringify(ctx.update) },
        clock(),
      );
      if (!job) return void logger.info('job.already_queued', { kind, update_id: ctx.update.update_id });
      logger.info('job.queued', { job_id: job.id, kind, update_id: job.updateId });
      wake();
    },

    async retry(jobId, ownerId) {
      const job = await store.requeue(jobId, ownerId, clock());
      if (!job) return false;
      logger.info('job.retried', { job_id: job.id, kind: job.kind });
      wake();
      return true;
    },

    bind(b, handler, surroundings) {
      bot = b;
      onError = handler;
      if (surroundings) within = surroundings;
      // A job's first message is marked as begun before it is sent, and only by the instance that holds the job;
      // once Telegram took it, its id is kept for a kind that resumes in it (the others need no second write).
      replies.install(b.api);
    },

    async start() {
      running = true;
      // What an earlier run under this name was running is cut off: claimable now, not when its leases run out.
      await store.releaseAll(holder);
      const every = (ms: number, fn: () => unknown) => timers.push(setInterval(fn, ms).unref());
      every(leases.renewEveryMs, () =>
        renew().catch((error) => logger.error('job.renew_failed', { error: errorMessage(error) })),
      );
      every(leases.sweepEveryMs, wake); // jobs of an instance that died, once their leases ran out
      wake();
      await claiming;
    },

    stop() {
      running = false;
      timers.forEach(clearInterval);
      timers = [];
    },

    async idle() {
      while (claiming || inHand.size > 0) await Promise.all([claiming, ...inHand.values()]);
    },
  };
}
