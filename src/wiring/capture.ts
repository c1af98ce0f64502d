/**
 * The capture side of the app's wiring: entries saved and edited for the bot, and the two workers a capture kicks
 * (the media downloads, and voice notes to transcripts when TRANSCRIBE_URL is set), both fetching through the bot's
 * API once it is built. app.ts composes it with the rest.
 */
import type { Bot } from 'grammy';
import type { Config } from '../config/config.ts';
import type { JournalDb } from '../db/journal-database.ts';
import type { Logger } from '../log/logger.ts';
import { applyEdit, storeEntry } from '../journal/entries/entry-store.ts';
import { isSpeech } from '../journal/media/media.ts';
import { promptOfMessage } from '../journal/prompts/prompt-store.ts';
import {
  createMediaDownloads,
  PermanentMediaError,
  type MediaDownloads,
} from '../journal/media/media-download-worker.ts';
import { fetchTelegramFile, FileFetchError, streamTelegramFile } from '../telegram/telegram-file.ts';
import type { EntryCapture } from '../telegram/bot-deps.ts';
import type { BotContext } from '../telegram/context.ts';
import { createTranscriber, TranscriptionError } from '../transcription/transcriber.ts';
import { createTranscriptionWorker, type TranscriptionWorker } from '../transcription/transcription-worker.ts';

export interface CaptureWiringDeps {
  token: string;
  config: Config;
  db: JournalDb;
  clock: () => Date;
  logger: Logger;
  /** This instance's name in the leases it holds on media downloads. */
  holder: string;
}

export interface CaptureWiring {
  /** What the bot saves and edits entries through; a capture with media or a voice note kicks its worker. */
  capture: EntryCapture;
  /** The bytes of captured photos, voice notes and files, fetched after capture. */
  mediaDownloads: MediaDownloads;
  /** Called once the bot is built: the workers fetch through its API. The transcription worker, when configured. */
  connect(api: Bot<BotContext>['api']): TranscriptionWorker | null;
}

export function createCaptureWiring(deps: CaptureWiringDeps): CaptureWiring {
  const { token, config, db, clock } = deps;
  const zone = config.journalTimezone;
  // Built once the bot is (it downloads notes through it); captures kick it.
  let transcription: TranscriptionWorker | null = null;
  // Fetches through the bot's API, given to connect(); captures with media kick it.
  let api: Bot<BotContext>['api'] | null = null;
  const mediaDownloads = createMediaDownloads({
    db,
    holder: deps.holder,
    clock,
    logger: deps.logger,
    maxBytes: config.mediaMaxBytes,
    fetch: async (fileId) => {
      if (!api) throw new Error('the bot is not built yet');
      try {
        return await streamTelegramFile(api, token, config.telegramApiRoot, fileId);
      } catch (error) {
        if (error instanceof FileFetchError && error.permanent)
          throw new PermanentMediaError(error.message, { cause: error });
        throw error;
      }
    },
  });
  const capture: EntryCapture = {
    save: async (draft, replyTo) => {
      // A reply to a message that asked a writing prompt answers it: the entry keeps the prompt.
      const prompt =
        replyTo === undefined
          ? undefined
          : await promptOfMessage(db, { ownerId: draft.ownerId, chatId: draft.chatId, messageId: replyTo });
      const id = await storeEntry(db, draft, {
        timeZone: zone,
        now: clock(),
        dayStartsAt: config.journalDayStartsAt,
        transcribe: config.transcribeUrl !== null,
        prompt,
        mediaMaxBytes: config.mediaMaxBytes,
      });
      if (id !== null && isSpeech(draft.media?.[0]?.kind ?? null)) transcription?.kick();
      if (id !== null && (draft.media?.length ?? 0) > 0) mediaDownloads.kick();
      return id === null ? 'duplicate' : 'stored';
    },
    edit: (draft, editedAt) =>
      applyEdit(db, draft, editedAt, { timeZone: zone, now: clock(), dayStartsAt: config.journalDayStartsAt }),
  };
  return {
    capture,
    mediaDownloads,
    connect(botApi) {
      api = botApi;
      if (config.transcribeUrl) {
        transcription = createTranscriptionWorker({
          db,
          transcriber: createTranscriber({ url: config.transcribeUrl, apiKey: config.transcribeApiKey }),
          download: async (fileId) => {
            try {
              return await fetchTelegramFile(botApi, token, config.telegramApiRoot, fileId);
            } catch (error) {
              if (error instanceof FileFetchError)
                throw new TranscriptionError(error.message, error.permanent, { cause: error });
              throw error;
            }
          },
          clock,
          logger: deps.logger,
        });
      }
      return transcription;
    },
  };
}
