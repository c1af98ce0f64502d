/**
 * Runs due media downloads one at a time: fetch the file (through the Bot API, passed in), stream it into the media
 * store, mark it kept. Kicked after a capture with media, at start (taking back what this instance held before a
 * stop), and every minute for the retries. Each download is claimed first, so instances sharing a database fetch a
 * file once.
 */
import type { JournalDb } from '../../db/open-database.ts';
import { MediaTooLargeError } from '../../db/media-blobs.ts';
import { errorReason } from '../../log/error-message.ts';
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
  logger: {
    info(event: string, fields: Record<string, string | number | boolean | null>): void;
    error(event: string, fields: Record<string, string | number | boolean | null>): void;
  };
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
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  /** A wake-up at the earliest retry, sooner than the next round of the timer. */
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  const message = (error: unknown) => errorReason(error);

  const runOnce = async () => {
    let kept = 0;
    let postponed = 0;
    for (const job of await dueDownloads(deps.db, deps.clock(), JOBS_PER_RUN)) {
      if (stopped) break;
      if (!(await claimDownload(deps.db, job, deps.holder, new Date(deps.clock().getTime() + CLAIM_MS)))) continue;
      const log = { media_id: job.id, entry_id: job.entryId, kind: job.kind, attempt: job.attempts + 1 };
      try {
        const fetched = await deps.fetch(job.fileId);
        const blob = await keepDownload(deps.db, job, fetched.bytes, {
          now: deps.clock(),
          maxBytes: deps.maxBytes,
          mimeType: fetched.mimeType ?? null,
        });
        deps.logger.info('media.kept', { ...log, bytes: blob.size });
        kept += 1;
      } catch (error) {
        if (error instanceof PermanentMediaError || error instanceof MediaTooLargeError) {
          await giveUpDownload(deps.db, job, givenUpNote(error, deps.maxBytes));
          deps.logger.error('media.given_up', { ...log, error: message(error) });
          continue;
        }
        // A full disk may refuse this write too: then the claim is handed back in a while, not left to run out.
        const next = await postponeDownload(deps.db, job, message(error), deps.clock()).catch(() => null);
        deps.logger.error('media.failed', { ...log, error: message(error), retry_at: next?.toISOString() ?? null });
        postponed += 1;
        wakeAt(
          next ?? new Date(deps.clock().getTime() + downloadRetryMs(job.attempts + 1)),
          next === null ? job : null,
        );
      }
    }
    return { kept, postponed };
  };

  /** Runs again at `at` (the earliest retry); first postpones `unrecorded` when its postponement could not be written. */
  const wakeAt = (at: Date, unrecorded: DueDownload | null) => {
    if (stopped || (retry && !unrecorded)) return;
    if (retry) clearTimeout(retry);
    retry = setTimeout(
      () => {
        retry = null;
        const ready = unrecorded
          ? postponeDownload(
              deps.db,
              { ...unrecorded, attempts: unrecorded.attempts - 1 },
              'retried after a failed write',
              new Date(0),
            )
          : Promise.resolve();
        void ready.then(() => runDue()).catch(() => wakeAt(new Date(deps.clock().getTime() + 5_000), unrecorded));
      },
      Math.max(0, at.getTime() - deps.clock().getTime()),
    );
    retry.unref();
  };

  const runDue = () => {
    const run = chain.then(runOnce);
    chain = run.catch((error) => deps.logger.error('media.run_failed', { error: message(error) }));
    return run;
  };

  return {
    runDue,
    kick: () => void runDue().catch(() => undefined),
    async start() {
      stopped = false;
      const released = await releaseDownloads(deps.db, deps.holder, deps.clock());
      if (released > 0) deps.logger.info('media.resumed', { downloads: released });
      timer = setInterval(() => void runDue().catch(() => undefined), deps.intervalMs ?? 60_000);
      timer.unref();
      void runDue().catch(() => undefined);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
      timer = null;
      retry = null;
      await chain.catch(() => undefined);
    },
  };
}
