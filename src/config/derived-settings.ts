/**
 * Settings derived from a parsed Config (config.ts, the only reader of the environment): what the journal opens with,
 * whether a model may be called, the public origins. Pure functions of the Config, so every surface derives them alike.
 */
import type { Config } from './config.ts';
import type { JournalSettings } from '../journal/journal-operations.ts';

/** The settings every surface opens the journal with (journal/journal-operations.ts openJournalOperations). */
export function journalSettings(
  config: Pick<Config, 'journalTimezone' | 'journalDayStartsAt'>,
  clock: () => Date = () => new Date(),
): JournalSettings {
  return { timeZone: config.journalTimezone, dayStartsAt: config.journalDayStartsAt, clock };
}

/**
 * Why no model may be called, or null when one may: JOURNAL_AI=off, or no ANTHROPIC_API_KEY. Then nothing is sent to
 * any model; capture, import, export, search and the rest work as ever.
 */
export function aiOffReason(config: Pick<Config, 'journalAi' | 'anthropicApiKey'>): 'switched-off' | 'no-key' | null {
  if (config.journalAi === 'off') return 'switched-off';
  return config.anthropicApiKey ? null : 'no-key';
}

/**
 * The origins (scheme, host, port) the bot's pages are publicly served at (MINI_APP_URL's, PUBLIC_URL's): a POST's
 * Origin header must be one of them or the server's own. The one place that decides it.
 */
export function publicOrigins(config: Pick<Config, 'miniAppUrl' | 'publicUrl'>): string[] {
  const origins = [config.miniAppUrl, config.publicUrl].flatMap((url) => (url ? [new URL(url).origin] : []));
  return [...new Set(origins)];
}
