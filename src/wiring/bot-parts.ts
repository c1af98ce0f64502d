/**
 * What the bot runs besides taking updates in, as parts of the App's start and stop (wiring/lifecycle.ts): handling
 * (the inbox and the job runner), the digest and reminder schedulers, and the transcription and media download
 * workers. npm start (wiring/telegram-parts.ts adds Telegram's side) and npm run try run the same list.
 */
import type { Logger } from '../log/logger.ts';
import type { App } from './app.ts';
import type { Part } from './lifecycle.ts';

/** How long a stop waits for the updates in hand by default. */
export const STOP_GRACE_MS = 10_000;

export interface BotPartsOptions {
  logger: Logger;
  /** How long a stop waits for the updates in hand; STOP_GRACE_MS by default. */
  graceMs?: number;
}

/** The bot's own parts, in start order; `intake` (polling, a webhook, a terminal) goes between handling and workers. */
export function botParts(app: App, options: BotPartsOptions, intake: Part[] = []): Part[] {
  const graceMs = options.graceMs ?? STOP_GRACE_MS;
  return [
    {
      // Questions a previous run left pending are marked failed; its jobs and updates run first.
      name: 'handling',
      start: async () => {
        await app.start();
        return async () => {
          if (!(await app.stop(graceMs)))
            options.logger.error('bot.stop_timeout', {
              waited_ms: graceMs,
              hint: 'unfinished updates are handled at the next start',
            });
        };
      },
    },
    // Each sends what it missed while down: a digest less than 12 hours late, a reminder less than 3 hours late.
    { name: 'digests', start: () => (app.digests.start(), () => app.digests.stop()) },
    { name: 'reminders', start: () => (app.reminders.start(), () => app.reminders.stop()) },
    ...intake,
    {
      // Voice notes waiting for a transcript (from before a restart, or after a failed attempt) are picked up here.
      name: 'transcription',
      start: () => {
        const worker = app.transcription;
        worker?.start();
        return () => worker?.stop();
      },
    },
    {
      // Media bytes not yet fetched (this instance's downloads cut off by a stop are taken back at once).
      name: 'media downloads',
      start: async () => {
        await app.mediaDownloads.start();
        return () => app.mediaDownloads.stop();
      },
    },
  ];
}
