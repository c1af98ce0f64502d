/** npm run backup -- [<file>]: a consistent copy of the journal while the bot runs, checked with PRAGMA integrity_check. */
import path from 'node:path';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { parseConfig } from '../config/config.ts';
import { backupDatabase } from '../db/sqlite/backup.ts';
import { JournalKeyError } from '../db/database-file-error.ts';
import { storeLabel } from '../db/open-journal.ts';
import { utcFileStamp } from '../journal/dates/instant-format.ts';
import { errorMessage } from '../log/error-message.ts';

const USAGE =
  'Usage: npm run backup -- [<file>]   (default: backups/journal-<date>-<time>.sqlite next to DATABASE_PATH)';

/** `backups/journal-20261130-174512.sqlite` beside the journal. */
export function defaultBackupFile(databasePath: string, now: Date): string {
  return path.join(path.dirname(databasePath), 'backups', `journal-${utcFileStamp(now)}.sqlite`);
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
  console.error(USAGE);
  process.exit(2);
}
const config = exitOnConfigError(() => parseConfig(readEnvironment()));
// With DATABASE_URL the journal is not in DATABASE_PATH: copying that file would report a backup of the wrong thing.
if (config.databaseUrl) {
  console.error(
    `DATABASE_URL is set, so the journal is in ${storeLabel(config)}; npm run backup copies a SQLite journal only. ` +
      'Back PostgreSQL up with its own tool, e.g. pg_dump --format=custom --file journal.dump "$DATABASE_URL" (restore with pg_restore).',
  );
  process.exit(1);
}
const destination = args[0] ?? defaultBackupFile(config.databasePath, new Date());
try {
  const result = await backupDatabase(config.databasePath, destination, config.journalKey);
  if (result.integrity !== 'ok') {
    console.error(
      `The copy at ${result.file} failed PRAGMA integrity_check: ${result.integrity}. Do not rely on it; check ${config.databasePath} itself.`,
    );
    process.exit(1);
  }
  const encrypted = config.journalKey ? ', encrypted with JOURNAL_KEY like the journal' : '';
  console.log(
    `Backed up ${config.databasePath} to ${result.file} (${result.pages} pages, integrity_check ok${encrypted}).`,
  );
  console.log(
    `To restore: stop the bot, move ${config.databasePath} and any -wal/-shm files beside it away, copy the backup to ${config.databasePath}, start the bot.`,
  );
} catch (error) {
  console.error(error instanceof JournalKeyError ? error.message : `Backup failed: ${errorMessage(error)}`);
  process.exit(1);
}
