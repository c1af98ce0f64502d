/**
 * npm run journal -- <command> [--owner <telegram user id>]: the object operations from a shell.
 * `invoke` prints only JSON on stdout; every fault is one line on stderr and exit code 1.
 * The journal code loads after the command line is read, so --help and a mistyped command answer at once.
 */
import { parseCommandLine, UsageError } from './command-line.ts';
import { COMMANDS, USAGE } from './journal-usage.ts';

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv, USAGE, {
    owner: { type: 'string' },
    since: { type: 'string' },
    index: { type: 'string' },
  });
  const [command, ...rest] = positionals;
  if (command === undefined) throw new UsageError(`Which command?\n${USAGE}`);
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  const { runJournalCommand } = await import('./journal-commands.ts');
  await runJournalCommand(command, rest, values);
}

main(process.argv.slice(2)).catch(async (error: unknown) => {
  if (error instanceof UsageError) console.error(error.message);
  else console.error((await import('./journal-commands.ts')).commandFailure(error));
  process.exitCode = 1;
});
