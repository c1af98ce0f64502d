/**
 * npm run export -- [--format <one of export/export-formats.ts>] [--out <file or dir/>] [--owner <telegram user id>]
 * [--journal <name>]. Writes the owner's whole journal (or one of their journals) in the format named: JSON by default
 * (lossless; `npm run import` of it rebuilds the journal). Exit codes: 0 done, 1 a failure, 2 a usage problem.
 */
import path from 'node:path';
import { fromInvocationDir, parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { resolveOwner } from './resolve-owner.ts';
import { parseConfig } from '../config/config.ts';
import { openExistingJournal } from '../db/open-journal.ts';
import { EXPORT_FORMAT_NAMES, EXPORT_FORMATS, exportFormatOf } from '../export/export-formats.ts';
import type { FormatExportResult } from '../export/export-format-module.ts';
import { ExportExistsError } from '../export/parted-output.ts';
import { applyDayStart } from '../journal/entries/day-start.ts';
import { findJournal, journalNamesText } from '../journal/journals/journal-queries.ts';
import { journalDisplayName, journalNameProblem, storedJournalName } from '../journal/journal-names.ts';

/** `--format NAME` and its line, for every format in the list, aligned. */
const formatLines = EXPORT_FORMATS.map((f) => `  ${`--format ${f.format}`.padEnd(17)} ${f.usage}`).join('\n');

const USAGE = `Usage: npm run export -- [--format ${EXPORT_FORMAT_NAMES.join('|')}] [--out <file or directory/>] [--owner <telegram user id>]
                          [--journal <name>]
${formatLines}
  --out FILE      write one file (default: data/exports/journal-<owner>-<UTC time>.json or .md in the project folder)
  --out DIR/      write into a folder: journal-<owner>-<UTC time>.json, or for Markdown one file per year (2024.md, …),
                  and media/ with the bytes of the photos, voice notes and files the entries keep
  --journal NAME  that journal alone (a topic's name as /journals lists it; Main is the one outside topics)
  An existing file is never replaced: the export stops and names it.`;

function parseExportArgs(argv: string[]) {
  const { values, positionals } = parseCommandLine(argv, USAGE, {
    format: { type: 'string', default: 'json' },
    out: { type: 'string' },
    owner: { type: 'string' },
    journal: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  const format = exportFormatOf(values.format);
  if (!format)
    throw new UsageError(`--format must be ${orList(EXPORT_FORMAT_NAMES)} (got "${values.format}").\n${USAGE}`);
  // A folder is meant when --out ends with a slash; resolving would drop it, so keep it.
  const out =
    values.out === undefined ? undefined : `${fromInvocationDir(values.out)}${/[/\\]$/.test(values.out) ? '/' : ''}`;
  const problem = values.journal === undefined ? null : journalNameProblem(values.journal);
  if (problem) throw new UsageError(`--journal: ${problem}.\n${USAGE}`);
  return { format, out, owner: values.owner, journal: values.journal };
}

/** `json, md, dayone or obsidian`. */
const orList = (names: readonly string[]) => `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<number> {
  const args = parseExportArgs(argv);
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  // Exporting only reads: a mistyped DATABASE_PATH must not create an empty journal.
  const db = await openExistingJournal(config);
  try {
    await applyDayStart(db, config.journalDayStartsAt);
    const ownerId = await resolveOwner(db, args.owner, config.allowedUserIds);
    const journal =
      args.journal === undefined ? undefined : await findJournal(db, ownerId, storedJournalName(args.journal));
    if (args.journal !== undefined && journal === undefined) {
      throw new UsageError(
        `--journal: user ${ownerId} has no journal ${JSON.stringify(args.journal)}; the journals: ${await journalNamesText(db, ownerId)}.`,
      );
    }
    const now = new Date();
    let result: FormatExportResult;
    try {
      result = await args.format.write(db, {
        ownerId,
        out: args.out,
        timeZone: config.journalTimezone,
        dayStartsAt: config.journalDayStartsAt,
        now,
        journal,
      });
    } catch (error) {
      if (!(error instanceof ExportExistsError)) throw error;
      console.error(error.message);
      return 1;
    }
    // The media of a folder export are summed up in one line, not listed a line per photo.
    const media = result.media ?? [];
    const files = result.files.map((f) => `  ${f.path} (${megabytes(f.bytes)})`);
    if (media.length > 0) {
      const bytes = media.reduce((sum, f) => sum + f.bytes, 0);
      files.push(
        `  ${path.dirname(media[0]!.path)}${path.sep}: ${media.length} media ${media.length === 1 ? 'file' : 'files'} (${megabytes(bytes)})`,
      );
    }
    // The journal is encrypted at rest; what export writes is not, and the user should know it.
    if (config.journalKey)
      console.error(
        'Note: the journal is encrypted (JOURNAL_KEY), but this export is plain text: keep it somewhere private, or delete it when done.',
      );
    const of = journal === undefined ? '' : ` of the journal ${JSON.stringify(journalDisplayName(journal))}`;
    console.log(
      [
        `Exported ${result.entries} ${result.entries === 1 ? 'entry' : 'entries'}${of} of user ${ownerId} to:`,
        ...files,
      ].join('\n'),
    );
    const left = result.mediaLeftOut ?? 0;
    if (left > 0) {
      console.log(
        `${left} ${left === 1 ? 'photo, voice note or file was' : 'photos, voice notes and files were'} left out: this file names them only. To include their bytes, export to a folder: npm run export -- --out <folder>/ (they go to media/ there).`,
      );
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

runMain(() => main(process.argv.slice(2)), 'Export failed');
