/**
 * npm run import -- <file or folder> [--format dayone|jrnl|markdown|telegram] [--owner <telegram user id>] [--dry-run] …
 * Recognises what the file or folder holds (a Telegram export, a Day One export, a jrnl journal, daily notes, the
 * journal's own export), says which, imports it and prints what happened. Exit codes: 0 done, 1 the file or the
 * database failed (or another account's export), 2 a usage problem, 130 stopped by Ctrl-C (run again to finish).
 *
 * A big Telegram export is parsed on a thread of its own, which takes ~0.1 s to start on an idle machine. This file
 * starts it first, from the command line alone, and only then loads the command (cli/import-command.ts): the thread
 * loads while the command's code loads and the journal opens, and is ready when its input (the owner, the options) is
 * known. The command line is checked properly there; a thread started for a line it refuses is never used.
 */
import { parseArgs } from 'node:util';
import { parseThreadFor, type ParseThread } from '../importer/telegram-export/parse-thread.ts';
import { fromInvocationDir } from './command-line.ts';
import { IMPORT_OPTIONS } from './import-options.ts';

const argv = process.argv.slice(2);
const parseThread = earlyParseThread(argv);
const { runImport } = await import('./import-command.ts');
runImport(argv, parseThread);

/** A parse thread for the one file the line names, when it may be a Telegram export big enough to need one. */
function earlyParseThread(argv: string[]): ParseThread | null {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: IMPORT_OPTIONS,
      allowPositionals: true,
      strict: false,
    });
    if (positionals.length !== 1 || (values.format !== undefined && values.format !== 'telegram')) return null;
    return parseThreadFor(fromInvocationDir(positionals[0]!));
  } catch {
    return null; // a line parseArgs refuses even loosely: the command says why
  }
}
