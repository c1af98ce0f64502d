/**
 * Runs due transcription jobs one at a time: download the note (through the Bot API), transcribe it, make the
 * transcript the entry's content. Kicked after a capture, at start, and every few minutes for the retries. Each job
 * is claimed before its download, so instances sharing the database transcribe a note once.
 */
import type { JournalDb } from '../db/open-database.ts';
import {
  claimTranscription,
  completeTranscription,
  dropTranscription,
  dueTranscriptions,
  postponeTranscription,
} from '../journal/media/transcription-jobs.ts';
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

/** The slice of the app's logger the worker writes to (one JSON line per event). */
export interface WorkerLogger {
  info(event: string, fields: Record<string, string | number | boolean | null>): void;
  error(event: string, fields: Record<string, string | number | boolean | null>): void;
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
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const runOnce = async () => {
    let transcribed = 0;
    let postponed = 0;
    for (const job of await dueTranscriptions(deps.db, deps.clock(), JOBS_PER_RUN)) {
      if (stopped) break;
      // Another instance took it since the list was read: theirs.
      if (!(await claimTranscription(deps.db, job, new Date(deps.clock().getTime() + CLAIM_MS)))) continue;
      const log = { entry_id: job.entryId, kind: job.kind, attempt: job.attempts + 1 };
      try {
        const { bytes, fileName } = await deps.download(job.fileId);
        const text = await deps.transcriber.transcribe(bytes, fileName);
        const result = await completeTranscription(deps.db, job.entryId, text, deps.clock());
        deps.logger.info('transcription.done', { ...log, result, chars: text.length });
        transcribed += 1;
      } catch (error) {
        const message = errorReason(error);
        if (error instanceof TranscriptionError && error.permanent) {
          await dropTranscription(deps.db, job.entryId);
          deps.logger.error('transcription.given_up', { ...log, error: message });
          continue;
        }
        const next = await postponeTranscription(deps.db, job, message, deps.clock());
        deps.logger.error('transcription.failed', { ...log, error: message, retry_at: next.toISOString() });
        postponed += 1;
      }
    }
    return { transcribed, postponed };
  };

  const runDue = () => {
    const run = chain.then(runOnce);
    chain = run.catch((error) => deps.logger.error('transcription.run_failed', { error: errorReason(error) }));
    return run;
  };

  return {
    runDue,
    kick: () => void runDue().catch(() => undefined),
    start() {
      stopped = false;
      timer = setInterval(() => void runDue().catch(() => undefined), deps.intervalMs ?? 5 * 60_000);
      timer.unref();
      void runDue().catch(() => undefined);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },
  };
}
