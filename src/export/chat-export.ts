/**
 * /export in chat: the export written to a temp folder as `npm run export -- --out <folder>` writes it (the export file
 * or files beside media/), then sent as zips within Telegram's 50 MB uploads (zip-parts.ts), each written just before
 * it is sent and removed after; the folder is removed at the end. The media in it are plain, so the folders a crash
 * left behind are swept before each export (journal/stale-temp-folders.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JournalDb } from '../db/journal-database.ts';
import { exportJournal, partPath, type ExportFormat } from './export-journal.ts';
import type { ExportedEntry } from './journal-export-format.ts';
import { planZipParts, textRoomOf, writeZip, zipMemberOverhead } from './zip-parts.ts';
import { utcDay } from '../journal/dates/instant-format.ts';
import { STALE_TEMP_FOLDER_MS, sweepStaleTempFolders } from '../journal/stale-temp-folders.ts';

/** The start of each export's temp folder's name (mkdtemp adds the rest); the sweep matches it exactly. */
export const EXPORT_TEMP_PREFIX = 'journal-export-';

/** Telegram's upload limit for bots is 50 MB; the margin leaves room for the multipart framing. */
export const TELEGRAM_UPLOAD_BYTES = 50 * 1024 * 1024 - 64 * 1024;

export interface ChatExportPart {
  /** The zip's name: `journal-2024-06-01.zip`, then `journal-2024-06-01.part2.zip` … */
  name: string;
  /** Writes the zip, hands its path to `upload`, and removes it again. */
  send(upload: (file: string) => Promise<void>): Promise<void>;
}

export interface ChatExport {
  parts: ChatExportPart[];
  entries: number;
  /** Media kept in the journal but too big for any part (over the upload limit): their entries keep the reference. */
  leftOut: { count: number; bytes: number };
  /** The journal is encrypted at rest (JOURNAL_KEY), while the zips are plain, as every export is. */
  encryptedJournal: boolean;
  cleanup(): Promise<void>;
}

export interface ChatExporterDeps {
  db: JournalDb;
  timeZone: string;
  dayStartsAt: string;
  clock: () => Date;
  /** Tests make parts small to see the split. */
  maxPartBytes?: number;
  /** JOURNAL_KEY is set: the message says the export is not encrypted. */
  encryptedJournal?: boolean;
}

/** The media bytes a zip of the entry's part carries for it (those small enough to go in a part at all). */
function carriedBy(entry: ExportedEntry, textRoom: number): number {
  let bytes = 0;
  for (const m of entry.media_items ?? []) {
    const cost = m.path === null || m.size === null ? 0 : m.size + zipMemberOverhead(m.path);
    if (cost <= textRoom) bytes += cost;
  }
  return bytes;
}

export function createChatExporter(deps: ChatExporterDeps) {
  return {
    async exportForChat(ownerId: number, format: ExportFormat, journal?: string): Promise<ChatExport> {
      await sweepStaleTempFolders({
        dir: tmpdir(),
        prefix: EXPORT_TEMP_PREFIX,
        olderThanMs: STALE_TEMP_FOLDER_MS,
        now: new Date(),
      });
      const dir = await mkdtemp(path.join(tmpdir(), EXPORT_TEMP_PREFIX));
      const cleanup = () => rm(dir, { recursive: true, force: true });
      try {
        const now = deps.clock();
        const limit = deps.maxPartBytes ?? TELEGRAM_UPLOAD_BYTES;
        const textRoom = textRoomOf(limit);
        const folder = path.join(dir, 'export');
        // The one exporter, into a folder: each part of the export counts the media it references, so that a part's
        // zip (its export file and those media) stays within the limit.
        const result = await exportJournal(deps.db, {
          ownerId,
          format,
          out: { dir: folder },
          maxPartBytes: textRoom,
          carriedBytes: (entry) => carriedBy(entry, textRoom),
          timeZone: deps.timeZone,
          dayStartsAt: deps.dayStartsAt,
          now,
          journal,
        });
        // The export files with the media their entries name (media/ files are members through them).
        const exportFiles = result.files.filter((f) => path.dirname(f.path) === folder);
        const plan = await planZipParts(folder, exportFiles, limit, { oneFilePerPart: format === 'json' });
        const parts = plan.parts.map((members, i) => {
          const name = path.basename(partPath(`journal-${utcDay(now)}.zip`, i + 1));
          return {
            name,
            async send(upload: (file: string) => Promise<void>) {
              const zip = path.join(dir, name);
              try {
                const bytes = await writeZip(zip, members);
                // The planning counts every byte at its worst; a bigger zip would be refused by Telegram anyway.
                if (bytes > limit)
                  throw new Error(`the export's zip ${name} came out at ${bytes} bytes, over the ${limit} planned`);
                await upload(zip);
              } finally {
                await rm(zip, { force: true });
              }
            },
          };
        });
        const leftOut = { count: plan.leftOut.length, bytes: plan.leftOut.reduce((n, m) => n + m.bytes, 0) };
        return { parts, entries: result.entries, leftOut, encryptedJournal: deps.encryptedJournal ?? false, cleanup };
      } catch (error) {
        await cleanup();
        throw error;
      }
    },
  };
}
