/** npm run migrate: applies pending migrations, one line each; exits 1 on failure. */
import { parseCommandLine, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { parseConfig } from '../config/config.ts';
import { openAndMigrateJournal, storeLabel } from '../db/open-journal.ts';
import { errorMessage } from '../log/error-message.ts';
import { lockedLine } from './locked-line.ts';
import { everyFewSeconds } from '../db/search/search-reindex.ts';

const USAGE = `Usage: npm run migrate
  Applies pending migrations (migrations/) to the database at DATABASE_PATH (or DATABASE_URL), creating it if needed.`;

try {
  if (parseCommandLine(process.argv.slice(2), USAGE, {}).positionals.length > 0)
    throw new UsageError(`npm run migrate takes no arguments.\n${USAGE}`);
} catch (error) {
  console.error(errorMessage(error));
  process.exit(1);
}
const config = exitOnConfigError(() => parseConfig(readEnvironment()));
try {
  const { db, applied: results } = await openAndMigrateJournal(config, {
    onLocked: lockedLine,
    // Entries stored before the search index's words existed are indexed now, resumably: a stop resumes where it was.
    onReindex: everyFewSeconds(({ done, total }) =>
      console.log(`search index: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} entries re-indexed`),
    ),
  });
  await db.destroy();
  for (const r of results) console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
  console.log(
    results.length
      ? `${storeLabel(config)}: ${results.length} migration(s) applied.`
      : `${storeLabel(config)} is up to date.`,
  );
} catch (error) {
  console.error(errorMessage(error));
  process.exitCode = 1;
}
