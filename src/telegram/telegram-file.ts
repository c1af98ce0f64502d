/** Fetches a file a user sent (a voice note) from the Bot API into memory: getFile, then the file URL. */
import { GrammyError, type Api } from 'grammy';

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

export async function fetchTelegramFile(api: Api, token: string, apiRoot: string | null, fileId: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  let filePath: string | undefined;
  try {
    filePath = (await api.getFile(fileId)).file_path;
  } catch (error) {
    const tooBig = error instanceof GrammyError && /too big/i.test(error.description);
    throw new FileFetchError(`getFile failed: ${error instanceof Error ? error.message : String(error)}`, tooBig, { cause: error });
  }
  if (!filePath) throw new FileFetchError('Telegram gave no file path', false);
  let response: Response;
  try {
    response = await fetch(`${apiRoot ?? 'https://api.telegram.org'}/file/bot${token}/${filePath}`, { signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    throw new FileFetchError('the Bot API could not be reached', false, { cause: error });
  }
  if (!response.ok) throw new FileFetchError(`the Bot API answered HTTP ${response.status}`, false);
  return { bytes: new Uint8Array(await response.arrayBuffer()), fileName: filePath.split('/').at(-1) ?? 'voice.ogg' };
}
