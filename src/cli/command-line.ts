/**
 * What every CLI shares about its command line: --help (usage on stdout, exit 0), option errors as a UsageError
 * carrying the usage, and paths resolved from where the user ran the command (npm runs scripts in the package
 * root and passes the caller's folder as INIT_CWD).
 */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { existsSync } from 'node:fs';
import { DEFAULT_DATABASE_PATH } from '../config/config.ts';
import {
  DatabaseFileError,
  JournalKeyError,
  MissingDatabaseError,
  NotAJournalError,
  StoreUnreachableError,
} from '../db/database-file-error.ts';
import { DEMO_DATABASE_PATH } from '../demo/demo-path.ts';
import { errorMessage } from '../log/error-message.ts';
import { OwnerError } from './resolve-owner.ts';

/** A command line we cannot act on: the message says what was expected (and usually shows the usage). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * node:util parseArgs (strict, positionals allowed) plus --help/-h, which prints `usage` on stdout and exits 0.
 * An unknown option or a missing value is a UsageError naming it, followed by the usage.
 */
export function parseCommandLine<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  usage: string,
  options: O,
) {
  const config = { args: argv, options: { ...options, ...HELP }, allowPositionals: true, strict: true } as const;
  const parsed = (() => {
    try {
      return parseArgs(config);
    } catch (error) {
      throw new UsageError(`${errorMessage(error).replace(/^TypeError[^:]*: /, '')}\n${usage}`);
    }
  })();
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}

/** A path the user typed, resolved against the folder they ran the command in (not the package root npm uses). */
export function fromInvocationDir(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** A newcomer who ran npm run demo and then a command with no journal of their own: how to point it at the demo. */
function demoHint(missing: string): string {
  if (missing !== path.resolve(DEFAULT_DATABASE_PATH) || !existsSync(path.resolve(DEMO_DATABASE_PATH))) return '';
  return ` The demo journal is at ${DEMO_DATABASE_PATH}: to use it, put DATABASE_PATH=${DEMO_DATABASE_PATH} before the command, e.g. DATABASE_PATH=${DEMO_DATABASE_PATH} npm run web.`;
}

/**
 * The one paragraph to print for an error the user can fix (a usage, owner or database-file problem), or null for
 * a fault of ours, which callers report with its own message.
 */
export function fixableErrorMessage(error: unknown): string | null {
  if (error instanceof UsageError || error instanceof OwnerError || error instanceof JournalKeyError)
    return error.message;
  if (error instanceof NotAJournalError) return error.message;
  if (error instanceof StoreUnreachableError) return error.message;
  if (error instanceof MissingDatabaseError)
    return `${error.message} Check DATABASE_PATH (npm start and npm run import create the journal).${demoHint(error.file)}`;
  if (error instanceof DatabaseFileError)
    return `${error.message} Check ${error.setting}${error.setting === 'DATABASE_PATH' ? ' (npm start and npm run import create the journal)' : ''}.`;
  return null;
}

/**
 * Runs a CLI's main and exits with its code. Exit codes: a usage or owner problem 2, another fixable problem
 * (a database file) 1 with its one line, a fault of ours 1 with `failed` and the error's message.
 */
export function runMain(main: () => Promise<number>, failed: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(fixableErrorMessage(error) ?? `${failed}: ${errorMessage(error)}`);
      process.exit(error instanceof UsageError || error instanceof OwnerError ? 2 : 1);
    },
  );
}
