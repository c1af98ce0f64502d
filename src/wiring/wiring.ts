/**
 * What every feature's factory builds from: the app's parsed config, database, clock and logger, and what follows
 * from them. app.ts makes one; each file beside this one builds one feature's dependencies from it.
 */
import type { Config } from '../config/config.ts';
import type { JournalDb } from '../db/journal-database.ts';
import type { Logger } from '../log/logger.ts';
import { journalSettings } from '../config/derived-settings.ts';
import { journalToday, type JournalSettings } from '../journal/journal-operations.ts';

export interface Wiring {
  token: string;
  config: Config;
  db: JournalDb;
  clock: () => Date;
  logger: Logger;
  /** What the journal opens with (zone, day start, clock). */
  settings: JournalSettings;
  /** The owner's local day now, YYYY-MM-DD. */
  today(): string;
  /** This instance's name in the leases it holds. */
  holder: string;
}

export function createWiring(base: Omit<Wiring, 'settings' | 'today'>): Wiring {
  const settings = journalSettings(base.config, base.clock);
  return { ...base, settings, today: () => journalToday(settings) };
}
