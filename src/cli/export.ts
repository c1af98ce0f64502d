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
import { parseConfig } from '../config/config.ts';
import { openExistingJournal } from '../db/open-journal.ts';
import { defaultExportName, exportJournal, type ExportFormat } from '../export/export-journal.ts';
import { exportDayOne } from '../export/dayone-export.ts';
import { exportObsidian } from '../export/obsidian-export.ts';
import { ExportExistsError } from '../export/parted-output.ts';
import { applyDayStart } from '../journal/entries/day-start.ts';
import { findJournal, journalNamesText } from '../journal/journals/journal-queries.ts';
import { journalDisplayName, journalNameProblem, storedJournalName } from '../journal/journal-names.ts';

const USAGE = `Usage: npm run export -- [--format json|md|dayone|obsidian] [--out <file or directory/>] [--owner <telegram user id>]
                          [--journal <name>]
  --format json   (default) every entry field, revisions, media and tags; npm run import of it rebuilds the journal
  --format md     Markdown: a heading per day, each entry with its time, front matter with dates and tags
  --format dayone a zip Day One imports: <Journal>.json per journal, photos/<md5>.jpeg… (--out FILE.zip or DIR/)
  --format obsidian  an Obsidian vault: journal/YYYY-MM-DD.md per day, attachments/ (--out a new or empty DIR/)
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
  if (!(CLI_FORMATS as readonly string[]).includes(values.format))
    throw new UsageError(`--format must be json, md, dayone or obsidian (got "${values.format}").\n${USAGE}`);
  const format = values.format as CliFormat;
  // A folder is meant when --out ends with a slash; resolving would drop it, so keep it.
  const out =
    values.out === undefined ? undefined : `${fromInvocationDir(values.out)}${/[/\\]$/.test(values.out) ? '/' : ''}`;
  const problem = values.journal === undefined ? null : journalNameProblem(values.journal);
  if (problem) throw new UsageError(`--journal: ${problem}.\n${USAGE}`);
  return { format, out, owner: values.owner, journal: values.journal };
}

const CLI_FORMATS = ['json', 'md', 'dayone', 'obsidian'] as const;
type CliFormat = (typeof CLI_FORMATS)[number];

function target(
  out: string | undefined,
  format: ExportFormat,
  ownerId: number,
  now: Date,
): { file: string } | { dir: string } {
  // Beside the journal's default home, inside data/ (git-ignored), never the folder you happen to stand in.
  if (out === undefined) return { file: path.resolve(DEFAULT_EXPORT_DIR, defaultExportName(ownerId, now, format)) };
  const isDir = /[/\\]$/.test(out) || (existsSync(out) && statSync(out).isDirectory());
  return isDir ? { dir: out } : { file: out };
}

/** The Day One zip: --out FILE, or `journal-<owner>-<UTC time>-dayone.zip` in --out DIR/ or data/exports/. */
function zipTarget(out: string | undefined, ownerId: number, now: Date): string {
  const name = defaultExportName(ownerId, now, 'zip').replace(/\.zip$/, '-dayone.zip');
  if (out === undefined) return path.resolve(DEFAULT_EXPORT_DIR, name);
  return /[/\\]$/.test(out) || (existsSync(out) && statSync(out).isDirectory()) ? path.join(out, name) : out;
}

/** The vault: --out DIR (new or empty), or `journal-<owner>-<UTC time>-obsidian/` in data/exports/. */
const vaultTarget = (out: string | undefined, ownerId: number, now: Date): string =>
  out ?? path.resolve(DEFAULT_EXPORT_DIR, defaultExportName(ownerId, now, 'x').replace(/\.x$/, '-obsidian'));

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
    let result: Awaited<ReturnType<typeof exportJournal>>;
    try {
      const zone = { timeZone: config.journalTimezone, dayStartsAt: config.journalDayStartsAt };
      if (args.format === 'dayone')
        result = await exportDayOne(db, { ownerId, file: zipTarget(args.out, ownerId, now), ...zone, journal });
      else if (args.format === 'obsidian')
        result = await exportObsidian(db, { ownerId, dir: vaultTarget(args.out, ownerId, now), ...zone, journal });
      else
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
    // The media of a folder export are summed up in one line, not listed a line per photo.
    const format = args.format;
    const folderExport = (format === 'json' || format === 'md') && 'dir' in target(args.out, format, ownerId, now);
    const media = result.files.filter((f) => folderExport && path.basename(path.dirname(f.path)) === 'media');
    const files = result.files.filter((f) => !media.includes(f)).map((f) => `  ${f.path} (${megabytes(f.bytes)})`);
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
