// The one Bot API file fetcher, against the Bot API stand-in over HTTP: into memory (voice notes) and to disk
// (exports), and each failure as a FileFetchError that says whether asking again can help.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Api } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  downloadTelegramFile,
  fetchTelegramFile,
  FileFetchError,
  isFileTooBigError,
} from '../../src/telegram/telegram-file.ts';
import { startBotApiStandIn, type BotApiStandIn } from '../stand-ins/bot-api.ts';

const TOKEN = '42:file-test-token';
let api: BotApiStandIn;
let dir: string;
let bot: Api;
beforeEach(async () => {
  api = await startBotApiStandIn();
  dir = mkdtempSync(path.join(tmpdir(), 'telegram-file-'));
  bot = new Api(TOKEN, { apiRoot: api.url });
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const failure = async (promise: Promise<unknown>): Promise<FileFetchError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileFetchError);
  return error as FileFetchError;
};

describe('Bot API files', () => {
  it('fetches a file into memory and streams one to disk', async () => {
    api.addFile('voice-1', 'OggS voice bytes');
    api.addFile('export-1', '{"messages": []}');
    const voice = await fetchTelegramFile(bot, TOKEN, api.url, 'voice-1');
    expect(Buffer.from(voice.bytes).toString()).toBe('OggS voice bytes');
    expect(voice.fileName).toBe('voice-1.json');
    const local = path.join(dir, 'result.json');
    await downloadTelegramFile(TOKEN, api.url, 'documents/export-1.json', local);
    expect(readFileSync(local, 'utf8')).toBe('{"messages": []}');
  });

  it('a file too big for bots is a permanent failure; an unknown file or a missing download is not', async () => {
    api.fail('getFile', { error_code: 400, description: 'Bad Request: file is too big' });
    const tooBig = await failure(fetchTelegramFile(bot, TOKEN, api.url, 'huge'));
    expect(tooBig.permanent).toBe(true);
    expect(isFileTooBigError(tooBig)).toBe(true);
    const unknown = await failure(fetchTelegramFile(bot, TOKEN, api.url, 'never-sent'));
    expect(unknown.permanent).toBe(false);
    expect(isFileTooBigError(unknown)).toBe(false);
    const missing = await failure(
      downloadTelegramFile(TOKEN, api.url, 'documents/gone.json', path.join(dir, 'x.json')),
    );
    expect(missing.message).toBe('the Bot API answered HTTP 404');
    expect(missing.permanent).toBe(false);
    const unreachable = await failure(
      downloadTelegramFile(TOKEN, 'http://127.0.0.1:1', 'documents/x.json', path.join(dir, 'y.json')),
    );
    expect(unreachable.message).toBe('the Bot API could not be reached');
  });
});
