/**
 * npm run -s mcp -- [--owner <telegram user id>]: the journal's objects as an MCP server over stdio.
 * Stdout carries only JSON-RPC; every log line and fault goes to stderr.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { fixableErrorMessage, parseCommandLine, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { resolveOwner } from './resolve-owner.ts';
import { ConfigError, parseConfig, type Config } from '../config/config.ts';
import { journalSettings } from '../config/derived-settings.ts';
import { builtPath, packageVersion } from '../db/code-location.ts';
import { openExistingJournal, storeLabel } from '../db/open-journal.ts';
import { JOURNAL_ROOT_ID, journalToday, openJournalOperations } from '../journal/journal-operations.ts';
import { MIDNIGHT } from '../journal/dates/local-moment.ts';
import { systemTimeZone } from '../journal/dates/zone-offset.ts';
import { createSentLedgerStore } from '../db/sent-ledger-store.ts';
import { createLogger } from '../log/logger.ts';
import { errorMessage } from '../log/error-message.ts';
import { serverInstructions } from '../mcp/instructions.ts';
import { createObjectsServer } from '../mcp/objects-server.ts';
import { readBuiltPages } from '../mcp/app-views.ts';
import { createSentReports } from '../mcp/sent-report.ts';
import { unavailableInstructions, unavailableJournal } from '../mcp/unavailable-journal.ts';
import type { JournalDb } from '../db/journal-database.ts';
import type { ObjectOperations } from '../objects/operations.ts';
import { createLifecycle, databasePart } from '../wiring/lifecycle.ts';

const USAGE = 'Usage: npm run -s mcp -- [--owner <telegram user id>]   (an MCP server on stdio; see docs/mcp.md)';

interface OpenedJournal {
  config: Config;
  db: JournalDb;
  ownerId: number;
}

/** The configuration, the database and the owner; a problem the user can fix comes back as its one-line reason. */
async function openJournal(owner: string | undefined): Promise<OpenedJournal | { reason: string }> {
  let config: Config;
  try {
    config = parseConfig(readEnvironment());
  } catch (error) {
    if (error instanceof ConfigError) return { reason: error.message.replace(/\s*\n\s*/g, ' ') };
    throw error;
  }
  let db: JournalDb | undefined;
  try {
    // The server only reads the journal (and keeps handles): a mistyped DATABASE_PATH must not create (or migrate) one.
    db = await openExistingJournal(config);
    return { config, db, ownerId: await resolveOwner(db, owner, config.allowedUserIds) };
  } catch (error) {
    await db?.destroy();
    const reason = fixableErrorMessage(error);
    if (reason === null) throw error;
    return { reason };
  }
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv, USAGE, { owner: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  const logger = createLogger();
  const opened = await openJournal(values.owner);
  // A journal that cannot be opened still gets a server: initialize answers, and every call says why.
  if ('reason' in opened) logger.error('mcp.journal_unavailable', { reason: opened.reason });
  const db = 'reason' in opened ? null : opened.db;
  // Without a configuration (the reason above) "today" still needs a zone: the machine's.
  const settings = journalSettings(
    'reason' in opened ? { journalTimezone: systemTimeZone(), journalDayStartsAt: MIDNIGHT } : opened.config,
  );
  // Entries' text in results goes to the MCP client's model: the ledger records it (endpoint "mcp:stdio", no conversation).
  const sentReports = db && createSentReports({ ledger: createSentLedgerStore(db), clock: settings.clock, logger });
  const operations: ObjectOperations =
    'reason' in opened
      ? unavailableJournal(opened.reason)
      : openJournalOperations(opened.db, opened.ownerId, settings, {
          reportSent: sentReports?.reporter(opened.ownerId, 'mcp:stdio', 'the MCP client'),
        });
  const rootIds = [JOURNAL_ROOT_ID];
  const instructions =
    'reason' in opened ? unavailableInstructions(opened.reason) : await serverInstructions(operations, rootIds);
  const version = packageVersion();
  // The same App as npm start's: the database, the ledger's writes in flight, then the server, stopped in reverse.
  const running = createLifecycle(
    [
      ...(db ? [databasePart(db)] : []),
      { name: 'sent reports', start: () => () => sentReports?.settled() },
      {
        name: 'stdio server',
        start: () => {
          const served = serveStdio(
            () =>
              createObjectsServer({
                operations,
                instructions,
                rootIds,
                today: () => journalToday(settings),
                logger,
                version,
                readAppPage: readBuiltPages(builtPath),
              }),
            { onerror: (error) => logger.error('mcp.transport_error', { error: errorMessage(error) }) },
          );
          return () => served.close().catch(() => undefined);
        },
      },
    ],
    logger,
  );
  await running.start();
  if (!('reason' in opened))
    logger.info('mcp.started', { owner_id: opened.ownerId, database: storeLabel(opened.config) });

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    logger.info('mcp.stopped', { why });
  };
  // The client ends a stdio session by closing our stdin.
  process.stdin.once('end', () => void stop('stdin closed'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stop(signal).then(() => process.exit(0)));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(fixableErrorMessage(error) ?? `npm run mcp stopped: ${errorMessage(error)}`);
  process.exit(1);
});
