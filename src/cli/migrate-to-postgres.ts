/**
 * npm run migrate-to-postgres -- --from <sqlite file> --to <postgres url>: moves a journal from its SQLite file into
 * PostgreSQL (db/copy-journal.ts) and proves it, table by table, with counts and checksums. Safe to run again.
 */
import { parseConfig } from '../config/config.ts';
import { copyJournal, JOURNAL_TABLES, NOT_COPIED, unknownTables, type TableReport } from '../db/copy-journal.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/sqlite/open-database.ts';
import { openPostgresDatabase } from '../db/postgres/open-postgres.ts';
import { errorMessage } from '../log/error-message.ts';
import { fromInvocationDir, parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';

const USAGE = `Usage: npm run migrate-to-postgres -- --from <sqlite file> --to <postgres://user:password@host:port/database>
  Copies the journal in the SQLite file into the PostgreSQL database: ${JOURNAL_TABLES.map((t) => t.table).join(', ')}.
  The PostgreSQL schema is created (or brought up to date) first; rows already there are left alone, so running it
  again copies nothing and only checks. Each table is verified by its row count and a checksum on both sides.
  Stop the bot first (a row written during the copy may be missed; run it again to pick it up).
  Then start the bot with DATABASE_URL set to the same URL.`;

/** What the user typed as --to, checked before anything connects; the password never appears in messages. */
export function parsePostgresUrl(value: string): { url: string; label: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--to must be a PostgreSQL URL like postgres://user:password@localhost:5432/journal (got something that is not a URL).\n${USAGE}`,
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new UsageError(`--to must start with postgres:// or postgresql:// (got ${url.protocol}//…).\n${USAGE}`);
  }
  if (!url.hostname || url.pathname.length <= 1)
    throw new UsageError(
      `--to must name a host and a database, e.g. postgres://user@localhost:5432/journal.\n${USAGE}`,
    );
  return { url: value, label: `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}` };
}

const line = (r: TableReport) =>
  `${r.table.padEnd(22)} ${String(r.copied).padStart(9)} copied  ${String(r.source.rows).padStart(9)} in SQLite  ${String(r.target.rows).padStart(9)} in PostgreSQL  ` +
  `checksum ${r.source.checksum} ${r.verified ? '=' : '≠'} ${r.target.checksum}  ${r.verified ? 'ok' : 'DIFFERENT'}`;

async function main(): Promise<number> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), USAGE, {
    from: { type: 'string' },
    to: { type: 'string' },
  });
  if (positionals.length > 0)
    throw new UsageError(
      `Unexpected argument ${positionals[0]}: give the file with --from and the URL with --to.\n${USAGE}`,
    );
  if (!values.from || !values.to)
    throw new UsageError(`Both --from <sqlite file> and --to <postgres url> are needed.\n${USAGE}`);
  const from = fromInvocationDir(values.from);
  const to = parsePostgresUrl(values.to);

  // An encrypted SQLite journal is read with its key (JOURNAL_KEY or JOURNAL_KEY_FILE).
  const { journalKey } = exitOnConfigError(() => parseConfig(readEnvironment()));
  const source = openDatabase(from, { mustExist: true, key: journalKey });
  const target = openPostgresDatabase(to.url, { max: 2, warn: () => undefined });
  try {
    // The source is brought to the latest schema as npm start would, so both sides have the same tables.
    await migrateToLatest(source);
    const unknown = await unknownTables(source);
    if (unknown.length)
      throw new Error(
        `${from} has tables this copy does not know: ${unknown.join(', ')} (a newer version of the journal?); nothing was copied`,
      );
    try {
      await migrateToLatest(target);
    } catch (error) {
      console.error(
        `Could not prepare PostgreSQL at ${to.label}: ${errorMessage((error as { cause?: unknown }).cause ?? error)}. Check the URL, that the server runs and that the user may create tables there.`,
      );
      return 1;
    }
    console.log(`Copying ${from} → PostgreSQL ${to.label}`);
    const reports = await copyJournal(source, target, (r) => console.log(line(r)));
    const copied = reports.reduce((n, r) => n + r.copied, 0);
    const different = reports.filter((r) => !r.verified);
    console.log(
      `Not copied: ${Object.entries(NOT_COPIED)
        .map(([t, why]) => `${t} (${why})`)
        .join('; ')}; SQLite's search index (PostgreSQL builds its own).`,
    );
    if (different.length) {
      console.error(
        `${different.map((r) => r.table).join(', ')} differ between the two databases: PostgreSQL already held other rows there (another journal?). ` +
          'Copy into an empty database, or compare the tables by hand.',
      );
      return 1;
    }
    console.log(
      copied === 0
        ? 'Nothing to copy: PostgreSQL already holds every row; all tables verified.'
        : `Copied ${copied} rows; all ${reports.length} tables verified (counts and checksums match).`,
    );
    console.log(`Start the bot with DATABASE_URL=${values.to.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:…@')} to use it.`);
    return 0;
  } finally {
    await source.destroy();
    await target.destroy().catch(() => undefined);
  }
}

runMain(main, 'migrate-to-postgres failed');
