/** What npm run encrypt and npm run decrypt share: the key from the configuration, the conversion, one line of outcome. */
import { parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { parseConfig } from '../config/config.ts';
import { ConversionError, convertJournal } from '../db/sqlite/convert-encryption.ts';

const USAGE = {
  encrypt: `Usage: npm run encrypt
  Encrypts the SQLite journal at DATABASE_PATH with JOURNAL_KEY (or the key in JOURNAL_KEY_FILE): writes an encrypted copy
  beside it, checks it (integrity_check, the rows of every table), then replaces the journal with it. Stop the bot first.`,
  decrypt: `Usage: npm run decrypt
  Decrypts the SQLite journal at DATABASE_PATH with JOURNAL_KEY (or the key in JOURNAL_KEY_FILE) into a plain file, checked
  the same way, then replaces the journal with it; unset JOURNAL_KEY afterwards. Stop the bot first.`,
};

export function runConversion(direction: 'encrypt' | 'decrypt'): void {
  runMain(async () => {
    if (parseCommandLine(process.argv.slice(2), USAGE[direction], {}).positionals.length > 0)
      throw new UsageError(`npm run ${direction} takes no arguments.\n${USAGE[direction]}`);
    const config = exitOnConfigError(() => parseConfig(readEnvironment()));
    if (config.databaseUrl)
      throw new UsageError(
        `DATABASE_URL is set: npm run ${direction} converts a SQLite journal only (PostgreSQL encrypts with its own tools).`,
      );
    if (!config.journalKey)
      throw new UsageError(
        `Set JOURNAL_KEY (or JOURNAL_KEY_FILE) to the journal's key first; npm run ${direction} uses it.\n${USAGE[direction]}`,
      );
    const key = config.journalKey;
    try {
      const result =
        direction === 'encrypt'
          ? convertJournal(config.databasePath, null, key)
          : convertJournal(config.databasePath, key, null);
      const what = `${result.tables} tables, ${result.entries} entries, integrity_check ok`;
      console.log(
        direction === 'encrypt'
          ? `Encrypted ${config.databasePath} with JOURNAL_KEY (${what}). Keep the key safe: without it the journal cannot be read. Backups made before are still plain.`
          : `Decrypted ${config.databasePath} (${what}). Unset JOURNAL_KEY and JOURNAL_KEY_FILE before starting the bot.`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      console.error(error.message);
      return 1;
    }
  }, `npm run ${direction} failed`);
}
