/**
 * Runs due transcription jobs one at a time: download the note (through the Bot API), transcribe it, make the
 * transcript the entry's content. Kicked after a capture, at start, and every few minutes for the retries. Each job
 * is claimed before its download, so instances sharing the database transcribe a note once.
 */
import type { JournalDb } from '../db/journal-database.ts';
import {
  claimTranscription,
  dropTranscription,
  dueTranscriptions,
  postponeTranscription,
  type DueTranscription,
} from '../journal/media/transcription-jobs.ts';
import { completeTranscription } from '../journal/entries/entry-transcript.ts';
import { createJobLoop, type WorkerLogger } from '../journal/media/job-loop.ts';
import { TranscriptionError, type Transcriber } from './transcriber.ts';
import { errorReason } from '../log/error-message.ts';

export interface TranscriptionWorkerDeps {
  db: JournalDb;
  transcriber: Transcriber;
  /** The note's bytes and a file name for the endpoint; throws TranscriptionError (permanent when it can never work). */
  download(fileId: string): Promise<{ bytes: Uint8Array; fileName: string }>;
  clock: () => Date;
  logger: WorkerLogger;
  intervalMs?: number;
}

export interface TranscriptionWorker {
  /** Runs every due job; calls queue behind one another, so a job is never run twice at once. */
  runDue(): Promise<{ transcribed: number; postponed: number }>;
  /** runDue in the background (after a capture). */
  kick(): void;
  start(): void;
  /** Stops the timer and waits for the run in hand. */
  stop(): Promise<void>;
}

const JOBS_PER_RUN = 20;
/** Longer than a 20 MB note takes to fetch and transcribe; a job held longer may be run again by another instance. */
const CLAIM_MS = 15 * 60_000;

export function createTranscriptionWorker(deps: TranscriptionWorkerDeps): TranscriptionWorker {
  const logFields = (job: DueTranscription) => ({ entry_id: job.entryId, kind: job.kind, attempt: job.attempts + 1 });
  const loop = createJobLoop<DueTranscription>({
    clock: deps.clock,
    logger: deps.logger,
    runFailedEvent: 'transcription.run_failed',
    jobsPerRun: JOBS_PER_RUN,
    claimMs: CLAIM_MS,
    intervalMs: deps.intervalMs ?? 5 * 60_000,
    due: (now, limit) => dueTranscriptions(deps.db, now, limit),
    claim: (job, until) => claimTranscription(deps.db, job, until),
    async work(job) {
      const { bytes, fileName } = await deps.download(job.fileId);
      const text = await deps.transcriber.transcribe(bytes, fileName);
      const result = await completeTranscription(deps.db, job.entryId, text, deps.clock());
      deps.logger.info('transcription.done', { ...logFields(job), result, chars: text.length });
    },
    async failed(job, error) {
      const message = errorReason(error);
      if (error instanceof TranscriptionError && error.permanent) {
        await dropTranscription(deps.db, job.entryId);
        deps.logger.error('transcription.given_up', { ...logFields(job), error: message });
        return 'given_up';
      }
      const next = await postponeTranscription(deps.db, job, message, deps.clock());
      deps.logger.error('transcription.failed', { ...logFields(job), error: message, retry_at: next.toISOString() });
      return 'postponed';
    },
  });
  return {
    runDue: async () => {
      const { done, postponed } = await loop.runDue();
      return { transcribed: done, postponed };
    },
    kick: loop.kick,
    start: () => void loop.start(),
    stop: loop.stop,
  };
}
