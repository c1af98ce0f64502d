/**
 * Runs due media downloads one at a time: fetch the file (through the Bot API, passed in), stream it into the media
 * store, mark it kept. Kicked after a capture with media, at start (taking back what this instance held before a
 * stop), and every minute for the retries. Each download is claimed first, so instances sharing a database fetch a
 * file once.
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { MediaTooLargeError } from '../../db/media-blobs.ts';
import { errorReason } from '../../log/error-message.ts';
import { createJobLoop, type WorkerLogger } from './job-loop.ts';
import {
  claimDownload,
  downloadRetryMs,
  dueDownloads,
  giveUpDownload,
  givenUpNote,
  keepDownload,
  postponeDownload,
  releaseDownloads,
  type DueDownload,
} from './media-downloads.ts';

/** A file fetched from where it is kept (Telegram): its bytes as they arrive, and its type when the server says. */
export interface FetchedMedia {
  bytes: AsyncIterable<Uint8Array>;
  mimeType?: string | null;
}

/** A failure that asking again cannot mend (the file is too big for the Bot API, or gone). */
export class PermanentMediaError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentMediaError';
  }
}

export interface MediaDownloadDeps {
  db: JournalDb;
  /** The file's bytes; throws PermanentMediaError when no retry can help. */
  fetch(fileId: string): Promise<FetchedMedia>;
  clock: () => Date;
  logger: WorkerLogger;
  /** This instance's name (the leases' holder). */
  holder: string;
  maxBytes: number;
  intervalMs?: number;
}

export interface MediaDownloads {
  runDue(): Promise<{ kept: number; postponed: number }>;
  kick(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const JOBS_PER_RUN = 20;
/** Longer than a 20 MB file takes on a slow line; a download held longer may be taken by another instance. */
const CLAIM_MS = 10 * 60_000;

export function createMediaDownloads(deps: MediaDownloadDeps): MediaDownloads {
  const logFields = (job: DueDownload) => ({
    media_id: job.id,
    entry_id: job.entryId,
    kind: job.kind,
    attempt: job.attempts + 1,
  });
  const loop = createJobLoop<DueDownload>({
    clock: deps.clock,
    logger: deps.logger,
    runFailedEvent: 'media.run_failed',
    jobsPerRun: JOBS_PER_RUN,
    claimMs: CLAIM_MS,
    intervalMs: deps.intervalMs ?? 60_000,
    due: (now, limit) => dueDownloads(deps.db, now, limit),
    claim: (job, until) => claimDownload(deps.db, job, deps.holder, until),
    async work(job) {
      const fetched = await deps.fetch(job.fileId);
      const blob = await keepDownload(deps.db, job, fetched.bytes, {
        now: deps.clock(),
        maxBytes: deps.maxBytes,
        mimeType: fetched.mimeType ?? null,
      });
      deps.logger.info('media.kept', { ...logFields(job), bytes: blob.size });
    },
    async failed(job, error, wakeAt) {
      const log = logFields(job);
      if (error instanceof PermanentMediaError || error instanceof MediaTooLargeError) {
        await giveUpDownload(deps.db, job, givenUpNote(error, deps.maxBytes));
        deps.logger.error('media.given_up', { ...log, error: errorReason(error) });
        return 'given_up';
      }
      // A full disk may refuse this write too: then the claim is handed back in a while, not left to run out.
      const next = await postponeDownload(deps.db, job, errorReason(error), deps.clock()).catch(() => null);
      deps.logger.error('media.failed', { ...log, error: errorReason(error), retry_at: next?.toISOString() ?? null });
      if (next) wakeAt(next);
      else
        wakeAt(new Date(deps.clock().getTime() + downloadRetryMs(job.attempts + 1)), () =>
          postponeDownload(
            deps.db,
            { ...job, attempts: job.attempts - 1 },
            'retried after a failed write',
            new Date(0),
          ),
        );
      return 'postponed';
    },
    async resume() {
      const released = await releaseDownloads(deps.db, deps.holder, deps.clock());
      if (released > 0) deps.logger.info('media.resumed', { downloads: released });
    },
  });
  return {
    runDue: async () => {
      const { done, postponed } = await loop.runDue();
      return { kept: done, postponed };
    },
    kick: loop.kick,
    start: loop.start,
    stop: loop.stop,
  };
}
