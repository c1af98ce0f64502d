/**
 * npm run forget -- --owner <id> (--entry <id> | --all) [--yes]: the bot's /forget from a shell, on SQLite or
 * PostgreSQL. Without --yes it shows what would go and asks for the typed confirmation on stdin.
 */
import { createInterface } from 'node:readline';
import { parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { parseConfig } from '../config/config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openJournalDatabase, storeLabel } from '../db/open-journal.ts';
import {
  countOwnerEntries,
  findEntryToForget,
  forgetEntry,
  forgetOwner,
  type RemovedRows,
} from '../journal/forget/forget.ts';
import { plural } from '../journal/plural.ts';

const USAGE = `Usage: npm run forget -- --owner <telegram user id> (--entry <entry id> | --all) [--yes]
  --entry <id>   forgets one entry and every copy kept of it (revisions, tags, search index, stored questions and
                 answers that read it, raw updates of its message)
  --all          deletes every row of that owner in every table; other owners are untouched
  --yes          skips the typed confirmation
The journal is the file at DATABASE_PATH (or DATABASE_URL's database); it must exist. Backups and exports made
before keep what they hold.`;

const ENTRY_PHRASE = 'forget';
const ALL_PHRASE = 'delete my journal';

const digits = (value: string | undefined, option: string): number => {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim()))
    throw new UsageError(`${option} must be a number (digits), got "${value ?? ''}".\n${USAGE}`);
  return Number(value.trim());
};

/** One line from stdin, or null when stdin ends first (nothing typed, or no terminal). */
async function readLine(prompt: string): Promise<string | null> {
  process.stderr.write(prompt);
  const lines = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const line of lines) return line;
    return null;
  } finally {
    lines.close();
  }
}

async function confirmed(phrase: string): Promise<boolean> {
  const answer = await readLine(`Type "${phrase}" to confirm (or pass --yes): `);
  return answer !== null && answer.trim().toLowerCase() === phrase;
}

const removedText = (removed: RemovedRows) =>
  Object.entries(removed)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ') || 'nothing';

async function main(): Promise<number> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), USAGE, {
    owner: { type: 'string' },
    entry: { type: 'string' },
    all: { type: 'boolean' },
    yes: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  // Deleting needs the owner named: no default, even with one owner.
  if (values.owner === undefined) throw new UsageError(`Whose journal? Pass --owner <telegram user id>.\n${USAGE}`);
  const ownerId = digits(values.owner, '--owner');
  if ((values.entry === undefined) === !values.all)
    throw new UsageError(`Pass either --entry <id> or --all (one of them).\n${USAGE}`);
  const entryId = values.entry === undefined ? null : digits(values.entry, '--entry');

  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  const db = openJournalDatabase(config, { mustExist: true });
  try {
    await migrateToLatest(db);
    const where = storeLabel(config);
    if (entryId !== null) {
      const entry = await findEntryToForget(db, ownerId, { entryId });
      if (!entry) {
        console.error(`There is no entry #${entryId} of owner ${ownerId} in ${where}; nothing was deleted.`);
        return 1;
      }
      console.error(`Entry #${entry.id} of ${entry.day} ${entry.time}: ${entry.title || '(no text)'}`);
      if (!values.yes && !(await confirmed(ENTRY_PHRASE))) {
        console.error('Not confirmed; nothing was deleted.');
        return 1;
      }
      const result = await forgetEntry(db, ownerId, entryId);
      if (result.type !== 'forgotten') {
        console.error(`Entry #${entryId} was gone already; nothing was deleted.`);
        return 1;
      }
      console.log(
        `Forgotten: entry #${entryId} of ${result.day} and every copy kept of it (rows removed: ${removedText(result.removed)}).`,
      );
      if (!result.purged)
        console.log('Another process is reading the journal: the -wal is emptied at its next checkpoint.');
    } else {
      const entries = await countOwnerEntries(db, ownerId);
      console.error(
        `This deletes every row of owner ${ownerId} in ${where}: ${plural(entries, 'entry', 'entries')}, questions and answers, digests, settings, everything.`,
      );
      if (!values.yes && !(await confirmed(ALL_PHRASE))) {
        console.error('Not confirmed; nothing was deleted.');
        return 1;
      }
      const result = await forgetOwner(db, ownerId);
      console.log(`Forgotten: every row of owner ${ownerId} (rows removed: ${removedText(result.removed)}).`);
      if (!result.purged)
        console.log('Another process is reading the journal: the -wal is emptied at its next checkpoint.');
    }
    console.log('Backups and exports made before keep what they hold.');
    return 0;
  } finally {
    await db.destroy();
  }
}

runMain(main, 'npm run forget failed');
