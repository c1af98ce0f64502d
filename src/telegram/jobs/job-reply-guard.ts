/**
 * The one-answer rule of jobs (job-runner.ts): while a job's code runs, its first message to the chat is marked as
 * begun (by the instance holding the job, and only by it) before it goes out; a job taken over by another instance
 * sends nothing (JobTakenOver), and the id of a first message Telegram took is kept for a kind that resumes in it.
 * A transformer on the bot's api, so a job's code sends as any handler does.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Api } from 'grammy';
import type { Logger } from '../../log/logger.ts';
import { errorMessage } from '../../log/error-message.ts';
import type { JobRecord, JobStore } from './job-store-port.ts';

/** A job whose code is running here; `claim` settles whether its reply is this instance's to send. */
export interface RunningJob {
  job: JobRecord;
  /** Its kind goes on in the message it already sent (JobKind's `resume`): that message's id is kept. */
  resumes: boolean;
  claim?: Promise<boolean>;
}

/** Thrown instead of sending an answer when the job is no longer this instance's. */
export class JobTakenOver extends Error {
  constructor(jobId: number) {
    super(`job ${jobId} is no longer this instance's to answer (another took it over after its lease ran out)`);
    this.name = 'JobTakenOver';
  }
}

/** Bot API methods that put a message in the chat (not a typing action, a draft preview, a reaction or a download). */
const SENDS = /^(send(?!ChatAction|MessageDraft)|copyMessage|forwardMessage)/;

/** The id of the message a Bot API call returned, if it returned one. */
function messageIdOf(result: unknown): number | undefined {
  if (typeof result !== 'object' || result === null || !('message_id' in result)) return undefined;
  return typeof result.message_id === 'number' ? result.message_id : undefined;
}

export interface JobReplyGuardDeps {
  store: Pick<JobStore, 'claimReply' | 'noteReply'>;
  logger: Logger;
  clock: () => Date;
  /** This instance's name in leases. */
  holder: string;
}

export function createJobReplyGuard(deps: JobReplyGuardDeps) {
  const { store, logger, clock, holder } = deps;
  /** The job whose code is running, so the api transformer knows whose reply a message is. */
  const current = new AsyncLocalStorage<RunningJob>();
  return {
    /** Runs a job's work so that the messages it sends are its replies. */
    run: <T>(running: RunningJob, work: () => Promise<T>): Promise<T> => current.run(running, work),

    /** Puts the guard on the api the jobs answer through. */
    install(api: Api): void {
      api.config.use(async (prev, method, payload, signal) => {
        const at = current.getStore();
        if (!at || !SENDS.test(method)) return prev(method, payload, signal);
        const first = at.claim === undefined;
        at.claim ??= store.claimReply(at.job.id, holder, clock()); // sends racing for the first wait on one claim
        if (!(await at.claim)) throw new JobTakenOver(at.job.id);
        const result = await prev(method, payload, signal);
        const messageId = first && at.resumes && result.ok ? messageIdOf(result.result) : undefined;
        if (messageId !== undefined) {
          await store
            .noteReply(at.job.id, holder, messageId)
            .catch((error) => logger.error('job.note_reply_failed', { job_id: at.job.id, error: errorMessage(error) }));
        }
        return result;
      });
    },
  };
}
