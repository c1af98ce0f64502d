/**
 * npm run import -- <result.json> [--owner <telegram user id>] [--chat <name|id>]…
 * Imports a Telegram Desktop export into the journal and prints what happened. Exit codes: 0 done,
 * 1 the file or the database failed, 2 a usage problem, 130 stopped by Ctrl-C (run again to finish).
 */
import { existsSync } from 'node:fs';
import { fromInvocationDir, parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { createProgressReporter } from './import-progress.ts';
import { OwnerError, resolveOwner } from './resolve-owner.ts';
import { parseConfig } from '../config.ts';
import { openAndMigrateJournal } from '../db/open-journal.ts';
import { lockedLine } from './locked-line.ts';
import { applyDayStart } from '../journal/day-start.ts';
import { importJournalExport, isJournalExport } from '../export/import-journal-export.ts';
import type { JournalDb } from '../db/open-database.ts';
import { exportAccountId } from '../importer/export-account.ts';
import { importTelegramExport } from '../importer/import-export.ts';
import { formatImportSummary } from '../importer/import-summary.ts';

const USAGE = `Usage: npm run import -- <result.json> [--owner <telegram user id>] [--chat <name or id>]…
  Imports a Telegram Desktop export (Settings › Advanced › Export Telegram data, format JSON; or a
  single chat's "Export chat history"). Without --chat, a full-account export contributes Saved
  Messages, your private channels and your chat with this bot; --chat (repeatable) picks chats instead.
  A journal export (npm run export, JSON) is recognised and imported whole, every field as it was.`;

function parseImportArgs(argv: string[]) {
  const { values, positionals } = parseCommandLine(argv, USAGE, { owner: { type: 'string' }, chat: { type: 'string', multiple: true } });
  if (positionals.length !== 1) throw new UsageError(`${positionals.length ? 'Give one export file.' : 'Which file? Give the path of result.json.'}\n${USAGE}`);
  return { file: fromInvocationDir(positionals[0]!), owner: values.owner, chats: values.chat ?? [] };
}

/** The journal's own JSON export (npm run export): every field back as it was; --owner moves it to another owner. */
async function importOwnExport(db: JournalDb, args: { file: string; owner: string | undefined; chats: string[] }): Promise<number> {
  if (args.chats.length > 0) throw new UsageError('--chat applies to Telegram exports; this file is a journal export (npm run export), imported whole.');
  if (args.owner !== undefined && !/^\d{1,15}$/.test(args.owner.trim())) throw new OwnerError(`--owner must be a Telegram user id (digits), got "${args.owner}".`);
  const report = await importJournalExport(db, args.file, args.owner !== undefined ? { ownerId: Number(args.owner.trim()) } : {});
  const summary = `Imported ${report.imported} of ${report.entries} entries from the journal export into user ${report.ownerId}'s journal; ${report.alreadyPresent} already there.`;
  if (report.error) {
    if (report.imported > 0) console.log(summary);
    console.error(`${args.file}: ${report.error}`);
    return 1;
  }
  console.log(summary);
  return 0;
}

/**
 * The owner of a Telegram import: --owner (anyone: an import may start a journal), else as the other commands decide.
 * With nobody configured and an empty journal, the export's own account: its first import needs no --owner.
 */
async function importOwner(db: JournalDb, args: { file: string; owner: string | undefined }, allowedUserIds: readonly number[]): Promise<number> {
  try {
    return await resolveOwner(db, args.owner, allowedUserIds, { anyOwner: true });
  } catch (error) {
    if (!(error instanceof OwnerError) || args.owner !== undefined || allowedUserIds.length > 0) throw error;
    if (await db.selectFrom('entry').select('id').limit(1).executeTakeFirst()) throw error;
    const account = await exportAccountId(args.file);
    if (account === null) throw error;
    console.error(`No owner is configured and the journal is empty: importing into the export's own account, user ${account}. Set ALLOWED_USER_IDS=${account} for the bot.`);
    return account;
  }
}

/** The bot's own user id is the number before the colon of its token. */
function botIdOf(token: string | null): number | null {
  const match = token ? /^(\d+):/.exec(token) : null;
  return match ? Number(match[1]) : null;
}

async function main(argv: string[]): Promise<number> {
  const args = parseImportArgs(argv);
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  // A mistyped export path must not create an empty journal on the way to failing.
  if (!existsSync(args.file)) {
    console.error(`${args.file}: there is no such file or folder; nothing was imported or created.`);
    return 1;
  }
  const { db } = await openAndMigrateJournal(config, { onLocked: lockedLine });
  const progress = createProgressReporter(process.stderr);
  const stop = new AbortController();
  // Stops after the batch in hand (milliseconds away). Repeats are ignored: Ctrl-C reaches npm and this process
  // alike (the terminal signals the whole foreground group), and a second press must not cut a batch short.
  const onSigint = () => stop.abort();
  process.on('SIGINT', onSigint);
  try {
    // Days of the rows already there and of those imported now must follow the same JOURNAL_DAY_STARTS_AT.
    await applyDayStart(db, config.journalDayStartsAt);
    if (await isJournalExport(args.file)) return await importOwnExport(db, args);
    const ownerId = await importOwner(db, args, config.allowedUserIds);
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

runMain(() => main(process.argv.slice(2)), 'Import failed');
