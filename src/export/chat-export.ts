/** /export in chat: the export written to a temp folder in parts Telegram accepts (50 MB uploads), removed after sending. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JournalDb } from '../db/open-database.ts';
import { exportJournal, type ExportFormat } from './export-journal.ts';
import { utcDay } from '../journal/dates/instant-format.ts';

/** Telegram's upload limit for bots is 50 MB; the margin leaves room for the multipart framing. */
export const TELEGRAM_UPLOAD_BYTES = 50 * 1024 * 1024 - 64 * 1024;

export interface ChatExport {
  files: { path: string; name: string; bytes: number }[];
  entries: number;
  cleanup(): Promise<void>;
}

export interface ChatExporterDeps {
  db: JournalDb;
  timeZone: string;
  dayStartsAt: string;
  clock: () => Date;
  /** Tests make parts small to see the split. */
  maxPartBytes?: number;
}

export function createChatExporter(deps: ChatExporterDeps) {
  return {
    async exportForChat(ownerId: number, format: ExportFormat, journal?: string): Promise<ChatExport> {
      const dir = await mkdtemp(path.join(tmpdir(), 'journal-export-'));
      const cleanup = () => rm(dir, { recursive: true, force: true });
      try {
        const now = deps.clock();
        const day = utcDay(now);
        // JSON in one file (split only if too big); Markdown one file per year.
        const out = format === 'json' ? { file: path.join(dir, `journal-${day}.json`) } : { dir };
        const result = await exportJournal(deps.db, {
          ownerId,
          format,
          out,
          maxPartBytes: deps.maxPartBytes ?? TELEGRAM_UPLOAD_BYTES,
          timeZone: deps.timeZone,
          dayStartsAt: deps.dayStartsAt,
          now,
          journal,
        });
        return { files: result.files.map((f) => ({ ...f, name: path.basename(f.path) })), entries: result.entries, cleanup };
      } catch (error) {
        await cleanup();
        throw error;
      }
    },
  };
}
