/** Imports an export the owner sent as a document: download it from the Bot API to a temp file, then import it. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportProgress } from '../importer/import-progress.ts';
import type { ImportOptions, ImportReport } from '../importer/telegram-export/import-export.ts';
import { downloadTelegramFile } from './telegram-file.ts';

export interface DocumentImportRequest {
  /** `file_path` from getFile. */
  filePath: string;
  /** The name it was sent under, for messages. */
  fileName: string;
  ownerId: number;
  botId: number;
}

export interface DocumentImport {
  importFile(request: DocumentImportRequest, onProgress: (progress: ImportProgress) => void): Promise<ImportReport>;
}

export interface DocumentImportDeps {
  token: string;
  apiRoot: string | null;
  /** importTelegramExport bound to the journal: the app supplies the database, zone and clock. */
  importExport(
    file: string,
    options: Pick<ImportOptions, 'ownerId' | 'botId' | 'name' | 'onProgress'>,
  ): Promise<ImportReport>;
}

export function createDocumentImport(deps: DocumentImportDeps): DocumentImport {
  return {
    async importFile(request, onProgress) {
      const options = { ownerId: request.ownerId, botId: request.botId, name: request.fileName, onProgress };
      // A local Bot API server (--local) hands out absolute paths on its own disk.
      if (path.isAbsolute(request.filePath) && existsSync(request.filePath))
        return deps.importExport(request.filePath, options);
      const dir = await mkdtemp(path.join(tmpdir(), 'journal-import-'));
      try {
        const local = path.join(dir, 'result.json');
        await downloadTelegramFile(deps.token, deps.apiRoot, request.filePath, local);
        return await deps.importExport(local, options);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
