/**
 * The import command itself (cli/import.ts starts it, once it has started the parse thread): recognises what the file
 * or folder holds, says which, imports it and prints what happened.
 */
import { existsSync } from 'node:fs';
import { fromInvocationDir, parseCommandLine, runMain, UsageError } from './command-line.ts';
import { IMPORT_OPTIONS, IMPORT_USAGE } from './import-options.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { createProgressReporter } from './import-progress.ts';
import { OwnerError, resolveImportOwner, resolveOwner } from './resolve-owner.ts';
import { parseConfig } from '../config/config.ts';
import { openAndMigrateJournal } from '../db/open-journal.ts';
import { lockedLine } from './locked-line.ts';
import { applyDayStart } from '../journal/entries/day-start.ts';
import { importJournalExport, isJournalExport } from '../export/import-journal-export.ts';
import { importMarkdownExport, isFaithfulMarkdownTarget } from '../export/import-markdown-export.ts';
import { formatOwnImportSummary } from './own-import-summary.ts';
import type { JournalDb } from '../db/journal-database.ts';
import { exportAccountId } from '../importer/telegram-export/export-account.ts';
import { detectSource } from '../importer/sources/detect-source.ts';
import type { DetectedSource, SourceFormat, SourceReadOptions } from '../importer/sources/import-source-module.ts';
import { importSourceOf, misplacedOptions, sourceName, SOURCE_FORMATS } from '../importer/sources/source-list.ts';
import { ImportError } from '../importer/import-error.ts';
import { importTelegramExport } from '../importer/telegram-export/import-export.ts';
import { importSource } from '../importer/sources/import-source.ts';
import { formatImportSummary } from '../importer/telegram-export/import-summary.ts';
import type { ParseThread } from '../importer/telegram-export/parse-thread.ts';
import type { SourceReader } from '../importer/sources/source-item.ts';
import { journalNameProblem, storedJournalName } from '../journal/journal-names.ts';
import { formatSourceSummary } from '../importer/sources/source-summary.ts';
import { errorReason } from '../log/error-message.ts';

function parseImportArgs(argv: string[]) {
  const { values, positionals } = parseCommandLine(argv, IMPORT_USAGE, IMPORT_OPTIONS);
  if (positionals.length !== 1)
    throw new UsageError(
      `${positionals.length ? 'Give one file or folder.' : 'Which file? Give the path of the export, journal or folder.'}\n${IMPORT_USAGE}`,
    );
  const format = values.format;
  if (format !== undefined && !(SOURCE_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${SOURCE_FORMATS.join(', ')}, got "${format}".`);
  return {
    file: fromInvocationDir(positionals[0]!),
    name: positionals[0]!,
    owner: values.owner,
    chats: values.chat ?? [],
    format: format as SourceFormat | undefined,
    journals: values.journal ?? [],
    dateFormat: values['date-format'],
    dryRun: values['dry-run'] === true,
    into: intoJournal(values.into),
  };
}

/** `--into <name>` as the stored journal name, or a usage error saying what a name may be. */
function intoJournal(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const problem = journalNameProblem(name);
  if (problem) throw new UsageError(`--into: ${problem} (got ${JSON.stringify(name.slice(0, 140))}).`);
  return storedJournalName(name);
}

type ImportArgs = ReturnType<typeof parseImportArgs>;

/** The options that belong to one source only, refused for the others so that none is silently ignored. */
function checkOptions(args: ImportArgs, found: DetectedSource): void {
  const misplaced = [
    ...misplacedOptions(found, {
      chats: args.chats.length > 0,
      journals: args.journals.length > 0,
      dateFormat: args.dateFormat !== undefined,
    }),
    args.dryRun && found.kind === 'journal-export'
      ? "--dry-run (every source but the journal's own JSON export)"
      : null,
    args.dryRun && found.kind === 'own-markdown' && isFaithfulMarkdownTarget(args.file)
      ? "--dry-run (every source but the journal's own exports)"
      : null,
  ].filter((m): m is string => m !== null);
  if (misplaced.length)
    throw new UsageError(
      `${args.name} is ${sourceName(found)}; ${misplaced.join(' and ')} ${misplaced.length > 1 ? 'do' : 'does'} not apply to it.`,
    );
}

/** The reader of another app's journal, from its entry in importer/sources/source-list.ts. */
function readerFor(found: DetectedSource, args: ImportArgs, options: SourceReadOptions): SourceReader {
  const read = importSourceOf(found.format).read;
  if (!read) throw new Error(`no reader for ${found.kind}`);
  try {
    return read(found, args.file, options);
  } catch (error) {
    // A --date-format the jrnl reader cannot read is refused up front: the command line's fault.
    if (args.dateFormat !== undefined) throw new UsageError(errorReason(error));
    throw error;
  }
}

/** The journal's own JSON or Markdown export (npm run export): every field back as it was; --owner moves it to another owner. */
async function importOwnExport(db: JournalDb, args: ImportArgs, format: 'JSON' | 'Markdown'): Promise<number> {
  if (args.owner !== undefined && !/^\d{1,15}$/.test(args.owner.trim()))
    throw new OwnerError(`--owner must be a Telegram user id (digits), got "${args.owner}".`);
  const options = { ...(args.owner !== undefined ? { ownerId: Number(args.owner.trim()) } : {}), into: args.into };
  const report =
    format === 'JSON'
      ? await importJournalExport(db, args.file, options)
      : await importMarkdownExport(db, args.file, options);
  const summary = formatOwnImportSummary(report, format);
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
async function importOwner(
  db: JournalDb,
  args: { file: string; owner: string | undefined },
  allowedUserIds: readonly number[],
): Promise<number> {
  try {
    return await resolveOwner(db, args.owner, allowedUserIds, { anyOwner: true });
  } catch (error) {
    if (!(error instanceof OwnerError) || args.owner !== undefined || allowedUserIds.length > 0) throw error;
    if (await db.selectFrom('entry').select('id').limit(1).executeTakeFirst()) throw error;
    const account = await exportAccountId(args.file);
    if (account === null) throw error;
    console.error(
      `No owner is configured and the journal is empty: importing into the export's own account, user ${account}. Set ALLOWED_USER_IDS=${account} for the bot.`,
    );
    return account;
  }
}

/** The owner of another app's journal: --owner starts the journal when it has no owner yet, and says so. */
async function sourceOwner(
  db: JournalDb,
  owner: string | undefined,
  allowedUserIds: readonly number[],
  dryRun: boolean,
): Promise<number> {
  const { ownerId, firstOwner } = await resolveImportOwner(db, owner, allowedUserIds);
  if (firstOwner) {
    console.error(
      `The journal is empty and has no owner yet: ${dryRun ? 'an import would make' : 'this import makes'} user ${ownerId} its owner. Set ALLOWED_USER_IDS=${ownerId} for the bot.`,
    );
  }
  return ownerId;
}

/** The bot's own user id is the number before the colon of its token. */
function botIdOf(token: string | null): number | null {
  const match = token ? /^(\d+):/.exec(token) : null;
  return match ? Number(match[1]) : null;
}

/** Runs the import of `argv` and exits with its code; `parseThread` was started for the file argument, if it is big. */
export function runImport(argv: string[], parseThread: ParseThread | null): void {
  runMain(() => main(argv, parseThread), 'Import failed');
}

async function main(argv: string[], parseThread: ParseThread | null): Promise<number> {
  const args = parseImportArgs(argv);
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  // A mistyped export path must not create an empty journal on the way to failing.
  if (!existsSync(args.file)) {
    console.error(`${args.file}: there is no such file or folder; nothing was imported or created.`);
    return 1;
  }
  // What the file is, before the journal is opened: a source that is not recognised (or options that do not apply to
  // it) creates no journal file on the way to saying so.
  let found: DetectedSource;
  try {
    found = await detectSource(args.file, args.name, args.format);
    checkOptions(args, found);
  } catch (error) {
    await parseThread?.terminate();
    if (!(error instanceof ImportError)) throw error;
    console.error(error.message);
    return 1;
  }
  // A dry run writes nothing: with no journal yet, it counts against an empty one in memory instead of creating it.
  const dryRunOnNothing = args.dryRun && !config.databaseUrl && !existsSync(config.databasePath);
  // The parse thread (started by cli/import.ts, loading meanwhile) is ended below, whether it was used or not.
  const { db } = await openAndMigrateJournal(dryRunOnNothing ? { ...config, databasePath: ':memory:' } : config, {
    onLocked: lockedLine,
  }).catch(async (error: unknown) => {
    await parseThread?.terminate();
    throw error;
  });
  const progress = createProgressReporter(process.stderr);
  const stop = new AbortController();
  // Stops after the batch in hand (milliseconds away). Repeats are ignored: Ctrl-C reaches npm and this process
  // alike (the terminal signals the whole foreground group), and a second press must not cut a batch short.
  const onSigint = () => stop.abort();
  process.on('SIGINT', onSigint);
  try {
    // Days of the rows already there and of those imported now must follow the same JOURNAL_DAY_STARTS_AT.
    await applyDayStart(db, config.journalDayStartsAt);
    const what =
      'guessed' in found && found.guessed
        ? `JSON of no journal recognised; read as ${sourceName(found)}`
        : sourceName(found);
    console.error(`import: ${args.name} is ${what}${args.format ? ` (--format ${args.format})` : ''}.`);
    if (found.kind === 'journal-export' && found.file)
      return await importOwnExport(db, { ...args, file: found.file }, 'JSON');
    if (found.kind === 'journal-export' && (await isJournalExport(args.file)))
      return await importOwnExport(db, args, 'JSON');
    if (found.kind === 'own-markdown' && isFaithfulMarkdownTarget(args.file))
      return await importOwnExport(db, args, 'Markdown');
    // A Telegram Desktop folder is read as its result.json; the media paths in it are relative to that file.
    const telegramFile = found.kind === 'telegram' && found.file ? found.file : args.file;
    // A Telegram export names its own account: the first import into an empty journal needs no --owner.
    const ownerId =
      found.format === 'telegram'
        ? await importOwner(db, { ...args, file: telegramFile }, config.allowedUserIds)
        : await sourceOwner(db, args.owner, config.allowedUserIds, args.dryRun);
    if (found.format !== 'telegram') {
      const reader = readerFor(found, args, {
        journals: args.journals,
        dateFormat: args.dateFormat,
        timeZone: config.journalTimezone,
        dayStartsAt: config.journalDayStartsAt,
        signal: stop.signal,
      });
      const report = await importSource(db, reader, args.name, {
        ownerId,
        timeZone: config.journalTimezone,
        dayStartsAt: config.journalDayStartsAt,
        dryRun: args.dryRun,
        signal: stop.signal,
        onProgress: (p) => progress.update(p),
        into: args.into,
      });
      progress.stop();
      if (report.error) {
        if (report.imported > 0) console.log(formatSourceSummary(report).join('\n'));
        console.error(report.error.message);
        return 1;
      }
      console.log(formatSourceSummary(report).join('\n'));
      return report.interrupted ? 130 : 0;
    }
    const report = await importTelegramExport(db, telegramFile, {
      dryRun: args.dryRun,
      ownerId,
      timeZone: config.journalTimezone,
      dayStartsAt: config.journalDayStartsAt,
      chats: args.chats,
      botId: botIdOf(config.telegramBotToken),
      signal: stop.signal,
      onProgress: (p) => progress.update(p),
      parseThread: parseThread ?? undefined,
      into: args.into,
    });
    progress.stop();
    if (report.error) {
      if (report.imported > 0) console.log(formatImportSummary(report, 'add --chat <name or id>').join('\n'));
      console.error(report.error.message);
      return 1;
    }
    if (args.dryRun) console.log('Dry run, nothing written: these are the counts a real import would have.');
    console.log(formatImportSummary(report, 'add --chat <name or id> (repeatable)').join('\n'));
    if (report.interrupted) return 130;
    return report.unmatchedChats.length ? 2 : 0;
  } finally {
    progress.stop();
    process.off('SIGINT', onSigint);
    await parseThread?.terminate();
    await db.destroy();
  }
}
