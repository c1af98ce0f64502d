/**
 * npm run import -- <result.json> [--owner <telegram user id>] [--chat <name|id>]…
 * Imports a Telegram Desktop export into the journal and prints what happened. Exit codes: 0 done,
 * 1 the file or the database failed, 2 a usage problem, 130 stopped by Ctrl-C (run again to finish).
 */
import { parseArgs } from 'node:util';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { createProgressReporter } from './import-progress.ts';
import { OwnerError, resolveOwner } from './resolve-owner.ts';
import { parseConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { applyDayStart } from '../journal/day-start.ts';
import { importTelegramExport } from '../importer/import-export.ts';
import { formatImportSummary } from '../importer/import-summary.ts';
import { errorMessage } from '../logger.ts';

const USAGE = `Usage: npm run import -- <result.json> [--owner <telegram user id>] [--chat <name or id>]…
  Imports a Telegram Desktop export (Settings › Advanced › Export Telegram data, format JSON; or a
  single chat's "Export chat history"). Without --chat, a full-account export contributes Saved
  Messages, your private channels and your chat with this bot; --chat (repeatable) picks chats instead.`;

class UsageError extends Error {}

function parseCommandLine(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { owner: { type: 'string' }, chat: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(`${errorMessage(error).replace(/^TypeError[^:]*: /, '')}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new UsageError(USAGE);
  if (positionals.length !== 1) throw new UsageError(`${positionals.length ? 'Give one export file.' : 'Which file? Give the path of result.json.'}\n${USAGE}`);
  return { file: positionals[0]!, owner: values.owner, chats: values.chat ?? [] };
}

/** The bot's own user id is the number before the colon of its token. */
function botIdOf(token: string | null): number | null {
  const match = token ? /^(\d+):/.exec(token) : null;
  return match ? Number(match[1]) : null;
}

async function main(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv);
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  const db = openDatabase(config.databasePath);
  const progress = createProgressReporter(process.stderr);
  const stop = new AbortController();
  // Stops after the batch in hand (milliseconds away). Repeats are ignored: under `npm run`, tsx forwards
  // the terminal's SIGINT to this process, which also gets it directly.
  const onSigint = () => stop.abort();
  process.on('SIGINT', onSigint);
  try {
    await migrateToLatest(db);
    // Days of the rows already there and of those imported now must follow the same JOURNAL_DAY_STARTS_AT.
    await applyDayStart(db, config.journalDayStartsAt);
    const ownerId = await resolveOwner(db, args.owner, config.allowedUserIds);
    const report = await importTelegramExport(db, args.file, {
      ownerId,
      timeZone: config.journalTimezone,
      dayStartsAt: config.journalDayStartsAt,
      chats: args.chats,
      botId: botIdOf(config.telegramBotToken),
      signal: stop.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.stop();
    if (report.error) {
      if (report.imported > 0) console.log(formatImportSummary(report, 'add --chat <name or id>').join('\n'));
      console.error(report.error.message);
      return 1;
    }
    console.log(formatImportSummary(report, 'add --chat <name or id> (repeatable)').join('\n'));
    if (report.interrupted) return 130;
    return report.unmatchedChats.length ? 2 : 0;
  } finally {
    progress.stop();
    process.off('SIGINT', onSigint);
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError || error instanceof OwnerError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(`Import failed: ${errorMessage(error)}`);
    process.exit(1);
  },
);
