/**
 * Files users send, fetched from the Bot API: the one place that builds a file URL, reads getFile's "too big" answer
 * and turns a failed download into an error. A voice note is fetched into memory; an export is streamed to disk.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { GrammyError, type Api } from 'grammy';
import { errorReason } from '../log/error-message.ts';

/** Why a file could not be fetched; `permanent` when asking again cannot help (Telegram serves bots files up to 20 MB). */
export class FileFetchError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FileFetchError';
  }
}

/** The Bot API's whole description when getFile refuses a file over its download limit. */
const FILE_TOO_BIG = 'Bad Request: file is too big';

/**
 * getFile refused a file over the Bot API's download limit (an update may not state the size, so only getFile
 * knows). The Bot API says so only in its description; this is the one place that reads it, whole.
 */
export function isFileTooBigError(error: unknown): boolean {
  if (error instanceof FileFetchError) return isFileTooBigError(error.cause);
  return error instanceof GrammyError && error.error_code === 400 && error.description === FILE_TOO_BIG;
}

/** Where the Bot API serves a file whose `file_path` getFile gave. */
export const telegramFileUrl = (apiRoot: string | null, token: string, filePath: string): string =>
  `${apiRoot ?? 'https://api.telegram.org'}/file/bot${token}/${filePath}`;

/** getFile's `file_path` for a file id; a refusal is a FileFetchError, permanent when the file is too big. */
export async function telegramFilePath(api: Api, fileId: string): Promise<string> {
  let filePath: string | undefined;
  try {
    filePath = (await api.getFile(fileId)).file_path;
  } catch (error) {
    throw new FileFetchError(`getFile failed: ${errorReason(error)}`, isFileTooBigError(error), { cause: error });
  }
  if (!filePath) throw new FileFetchError('Telegram gave no file path', false);
  return filePath;
}

/** The Bot API's answer for a file, or a FileFetchError saying why there is none. */
async function fileResponse(
  url: string,
  timeoutMs: number,
): Promise<Response & { body: NonNullable<Response['body']> }> {
  let response: Response;
  try {
    // A held-open answer must not hold the job for ever; the bound covers reading the body too.
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new FileFetchError('the Bot API could not be reached', false, { cause: error });
  }
  if (!response.ok || !response.body) throw new FileFetchError(`the Bot API answered HTTP ${response.status}`, false);
  return response as Response & { body: NonNullable<Response['body']> };
}

/** A file (a voice note) into memory: getFile, then the file URL. */
export async function fetchTelegramFile(
  api: Api,
  token: string,
  apiRoot: string | null,
  fileId: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const filePath = await telegramFilePath(api, fileId);
  const response = await fileResponse(telegramFileUrl(apiRoot, token, filePath), 120_000);
  return { bytes: new Uint8Array(await response.arrayBuffer()), fileName: filePath.split('/').at(-1) ?? 'voice.ogg' };
}

/** A file whose `file_path` is known (an export, up to 20 MB) streamed to `destination`; 10 minutes at most. */
export async function downloadTelegramFile(
  token: string,
  apiRoot: string | null,
  filePath: string,
  destination: string,
): Promise<void> {
  const response = await fileResponse(telegramFileUrl(apiRoot, token, filePath), 600_000);
  await pipeline(Readable.fromWeb(response.body as ReadableStream<Uint8Array>), createWriteStream(destination));
}

/** A file's bytes as they arrive (a medium kept in the journal), with the type the server gave; 10 minutes at most. */
export async function streamTelegramFile(
  api: Api,
  token: string,
  apiRoot: string | null,
  fileId: string,
): Promise<{ bytes: AsyncIterable<Uint8Array>; mimeType: string | null }> {
  const filePath = await telegramFilePath(api, fileId);
  const response = await fileResponse(telegramFileUrl(apiRoot, token, filePath), 600_000);
  const type = response.headers.get('content-type');
  // The Bot API answers octet-stream for most files: only a specific type tells anything.
  const mimeType = type && !/octet-stream/.test(type) ? type.split(';')[0]!.trim() : null;
  return { bytes: Readable.fromWeb(response.body as ReadableStream<Uint8Array>), mimeType };
}
