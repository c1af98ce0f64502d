/**
 * npm run export -- [--format json|md] [--out <file or dir/>] [--owner <telegram user id>] [--journal <name>]
 * Writes the owner's whole journal (or one of their journals): JSON (lossless; `npm run import` of it rebuilds the journal) or Markdown
 * (one file, or one per year when --out is a directory). Exit codes: 0 done, 1 a failure, 2 a usage problem.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_EXPORT_DIR } from '../export/export-defaults.ts';
import { fromInvocationDir, parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { resolveOwner } from './resolve-owner.ts';
import { parseConfig } from '../config.ts';
import { openExistingJournal } from '../db/open-journal.ts';
import { defaultExportName, exportJournal, type ExportFormat } from '../export/export-journal.ts';
import { ExportExistsError } from '../export/parted-output.ts';
import { applyDayStart } from '../journal/entries/day-start.ts';
import { findJournal, journalNamesText } from '../journal/journals/journal-queries.ts';
import { journalDisplayName, journalNameProblem, storedJournalName } from '../journal/journals/journal-names.ts';


const USAGE = `Usage: npm run export -- [--format json|md] [--out <file or directory/>] [--owner <telegram user id>]
                          [--journal <name>]
  --format json   (default) every entry field, revisions, media and tags; npm run import of it rebuilds the journal
  --format md     Markdown: a heading per day, each entry with its time, front matter with dates and tags
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
  if (values.format !== 'json' && values.format !== 'md') throw new UsageError(`--format must be json or md (got "${values.format}").\n${USAGE}`);
  const format: ExportFormat = values.format;
  // A folder is meant when --out ends with a slash; resolving would drop it, so keep it.
  const out = values.out === undefined ? undefined : `${fromInvocationDir(values.out)}${/[/\\]$/.test(values.out) ? '/' : ''}`;
  const problem = values.journal === undefined ? null : journalNameProblem(values.journal);
  if (problem) throw new UsageError(`--journal: ${problem}.\n${USAGE}`);
  return { format, out, owner: values.owner, journal: values.journal };
}

function target(out: string | undefined, format: ExportFormat, ownerId: number, now: Date): { file: string } | { dir: string } {
  // Beside the journal's default home, inside data/ (git-ignored), never the folder you happen to stand in.
  if (out === undefined) return { file: path.resolve(DEFAULT_EXPORT_DIR, defaultExportName(ownerId, now, format)) };
  const isDir = /[/\\]$/.test(out) || (existsSync(out) && statSync(out).isDirectory());
  return isDir ? { dir: out } : { file: out };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<number> {
  const args = parseExportArgs(argv);
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  // Exporting only reads: a mistyped DATABASE_PATH must not create an empty journal.
  const db = await openExistingJournal(config);
  try {
    await applyDayStart(db, config.journalDayStartsAt);
    const ownerId = await resolveOwner(db, args.owner, config.allowedUserIds);
    const journal = args.journal === undefined ? undefined : await findJournal(db, ownerId, storedJournalName(args.journal));
    if (args.journal !== undefined && journal === undefined) {
      throw new UsageError(`--journal: user ${ownerId} has no journal ${JSON.stringify(args.journal)}; the journals: ${await journalNamesText(db, ownerId)}.`);
    }
    const now = new Date();
    let result: Awaited<ReturnType<typeof exportJournal>>;
    try {
      result = await exportJournal(db, {
        ownerId,
        format: args.format,
        out: target(args.out, args.format, ownerId, now),
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
    const files = result.files.map((f) => `  ${f.path} (${megabytes(f.bytes)})`);
    // The journal is encrypted at rest; what export writes is not, and the user should know it.
    if (config.journalKey) console.error('Note: the journal is encrypted (JOURNAL_KEY), but this export is plain text: keep it somewhere private, or delete it when done.');
    const of = journal === undefined ? '' : ` of the journal ${JSON.stringify(journalDisplayName(journal))}`;
    console.log([`Exported ${result.entries} ${result.entries === 1 ? 'entry' : 'entries'}${of} of user ${ownerId} to:`, ...files].join('\n'));
    return 0;
  } finally {
    await db.destroy();
  }
}

runMain(() => main(process.argv.slice(2)), 'Export failed');
