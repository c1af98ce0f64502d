/** Imports an export the owner sent as a document: download it from the Bot API to a temp file, then import it. */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { GrammyError } from 'grammy';
import type { ImportOptions, ImportProgress, ImportReport } from '../importer/import-export.ts';

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

/** The file could not be fetched from the Bot API. */
export class DownloadError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DownloadError';
  }
}

/**
 * getFile refused a file over the Bot API's download limit (an update may not state the size, so only getFile
 * knows). The Bot API says so only in its description; this is the one place that reads it.
 */
export function isFileTooBigError(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 400 && error.description === 'Bad Request: file is too big';
}

export interface DocumentImportDeps {
  token: string;
  apiRoot: string | null;
  /** importTelegramExport bound to the journal: the app supplies the database, zone and clock. */
  importExport(file: string, options: Pick<ImportOptions, 'ownerId' | 'botId' | 'name' | 'onProgress'>): Promise<ImportReport>;
}

async function download(url: string, destination: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new DownloadError(null, 'the Bot API could not be reached', { cause: error });
  }
  if (!response.ok || !response.body) throw new DownloadError(response.status, `the Bot API answered HTTP ${response.status}`);
  await pipeline(Readable.fromWeb(response.body as ReadableStream<Uint8Array>), createWriteStream(destination));
}

export function createDocumentImport(deps: DocumentImportDeps): DocumentImport {
  const apiRoot = deps.apiRoot ?? 'https://api.telegram.org';
  return {
    async importFile(request, onProgress) {
      const options = { ownerId: request.ownerId, botId: request.botId, name: request.fileName, onProgress };
      // A local Bot API server (--local) hands out absolute paths on its own disk.
      if (path.isAbsolute(request.filePath) && existsSync(request.filePath)) return deps.importExport(request.filePath, options);
      const dir = await mkdtemp(path.join(tmpdir(), 'journal-import-'));
      try {
        const local = path.join(dir, 'result.json');
        await download(`${apiRoot}/file/bot${deps.token}/${request.filePath}`, local);
        return await deps.importExport(local, options);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
