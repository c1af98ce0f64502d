/**
 * importSource: the pipeline every other app's journal goes through (Day One, jrnl, Markdown notes), the same as
 * Telegram's: items streamed from a reader, batches that commit whole, skips counted and damaged items named by
 * the app's own id, idempotent (the app's id is the key; a changed text becomes a revision), --dry-run, progress.
 */
import type { JournalDb } from '../../db/journal-database.ts';
import { inEntryYears } from '../../journal/dates/local-moment.ts';
import { batchRowOf, type BatchDraft, type BatchRow } from '../../journal/entries/batch-row.ts';
import { messageIdOf, SOURCE_CHAT_IDS } from '../../journal/entries/entry-source.ts';
import { createBatchWriter } from '../batch-writer.ts';
import type { ImportError } from '../import-error.ts';
import { runImport } from '../import-tail.ts';
import type { ImportProgress } from '../import-progress.ts';
import type { ImportCounts } from '../import-counts.ts';
import {
  SOURCE_DAMAGE,
  SOURCE_SKIP_REASONS,
  type SourceEntry,
  type SourceReader,
  type SourceSkipReason,
} from './source-item.ts';

export interface SourceImportOptions {
  ownerId: number;
  timeZone: string;
  dayStartsAt?: string;
  /** Count what would be imported; write nothing. */
  dryRun?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  now?: () => Date;
  batchSize?: number;
  /** `--into <name>`: the journal every entry goes into (a stored name, journal/journal-names.ts). */
  into?: string;
}

export interface SourceReport extends ImportCounts<SourceSkipReason, string> {
  app: SourceReader['app'];
  label: string;
  file: string;
  /** Items read (entries and skips). */
  items: number;
  /** Entries per journal (Day One's journals), when the app has several. */
  journals: Record<string, number>;
  dryRun: boolean;
  interrupted: boolean;
  error: ImportError | null;
  seconds: number;
}

const DEFAULT_BATCH_SIZE = 500;
const IDS_KEPT = 5;

export async function importSource(
  db: JournalDb,
  reader: SourceReader,
  file: string,
  options: SourceImportOptions,
): Promise<SourceReport> {
  const started = performance.now();
  const now = (options.now ?? (() => new Date()))();
  const skipped = Object.fromEntries(SOURCE_SKIP_REASONS.map((r) => [r, 0])) as Record<SourceSkipReason, number>;
  const report: SourceReport = {
    app: reader.app,
    label: reader.label,
    file,
    items: 0,
    imported: 0,
    alreadyPresent: 0,
    revised: 0,
    mediaKept: 0,
    mediaMissing: 0,
    skipped,
    skippedIds: {},
    journals: {},
    dryRun: options.dryRun === true,
    interrupted: false,
    error: null,
    seconds: 0,
  };
  const chatId = SOURCE_CHAT_IDS[reader.app];
  // Message ids (48 bits of the app's id) seen in this file: a repeat is damage, not "already in the journal".
  const seen = new Set<number>();
  let batch: BatchRow[] = [];
  const writer = createBatchWriter(db, {
    dryRun: options.dryRun,
    ...(reader.mediaFolder ? { mediaFolder: reader.mediaFolder } : {}),
  });
  // Without a folder to read them from, media are labels only (counted as missing).
  const mediaOf = (media: SourceEntry['media']) =>
    reader.mediaFolder
      ? media
      : media.map(({ sourcePath, ...m }) =>
          sourcePath ? { ...m, missing: 'its file is not read from this source' } : m,
        );

  const skip = (reason: SourceSkipReason, id: string) => {
    skipped[reason] += 1;
    if (SOURCE_DAMAGE.has(reason)) {
      const ids = (report.skippedIds[reason] ??= []);
      if (ids.length < IDS_KEPT) ids.push(id);
    }
  };
  /** Writes the batch in hand; it is counted once its commit is (batch-writer.ts). */
  const flush = async () => {
    if (batch.length === 0) return;
    await writer.write(batch, (result) => {
      report.imported += result.inserted;
      report.alreadyPresent += result.alreadyPresent;
      report.revised += result.revised;
      report.mediaKept += result.mediaKept ?? 0;
      report.mediaMissing += result.mediaMissing ?? 0;
    });
    batch = [];
    options.onProgress?.({
      pass: 1,
      bytesRead: reader.progress.bytesRead,
      totalBytes: reader.progress.totalBytes,
      messages: report.items,
      imported: report.imported,
    });
    // Lets signals and timers run between batches (the SQLite calls are synchronous).
    await new Promise((resolve) => setImmediate(resolve));
  };

  try {
    report.error = await runImport(file, writer, flush, async () => {
      for await (const item of reader.items) {
        report.items += 1;
        if ('skip' in item) {
          skip(item.skip, item.id);
          continue;
        }
        const { entry } = item;
        // The one rule of every importer: an instant whose local day (in the entry's own zone) a journal cannot hold.
        if (!inEntryYears(entry.writtenAt, entry.timeZone ?? options.timeZone)) {
          skip('bad-date', entry.sourceId);
          continue;
        }
        const messageId = messageIdOf(entry.sourceId);
        if (seen.has(messageId)) {
          skip('duplicate-id', entry.sourceId);
          continue;
        }
        seen.add(messageId);
        if (item.journal !== undefined) report.journals[item.journal] = (report.journals[item.journal] ?? 0) + 1;
        const draft: BatchDraft = {
          ownerId: options.ownerId,
          source: 'import',
          chatId,
          messageId,
          sourceApp: reader.app,
          sourceId: entry.sourceId,
          writtenAt: entry.writtenAt,
          ...(entry.timeZone ? { timeZone: entry.timeZone } : {}),
          text: entry.text,
          media: mediaOf(entry.media),
          hashtags: entry.tags,
          metadata: entry.metadata,
          editedAt: entry.editedAt ?? null,
          ...((options.into ?? entry.journal) ? { journal: options.into ?? entry.journal } : {}),
        };
        batch.push(batchRowOf(draft, options.timeZone, now, options.dayStartsAt));
        if (batch.length >= (options.batchSize ?? DEFAULT_BATCH_SIZE)) {
          await flush();
          if (options.signal?.aborted) {
            report.interrupted = true;
            break;
          }
        }
      }
      if (!report.interrupted) await flush();
    });
  } finally {
    await reader.close?.();
  }
  options.onProgress?.({
    pass: 1,
    bytesRead: reader.progress.totalBytes,
    totalBytes: reader.progress.totalBytes,
    messages: report.items,
    imported: report.imported,
  });
  report.seconds = (performance.now() - started) / 1000;
  return report;
}
