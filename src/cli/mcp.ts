/**
 * npm run -s mcp -- [--owner <telegram user id>]: the journal's objects as an MCP server over stdio.
 * Stdout carries only JSON-RPC; every log line and fault goes to stderr.
 */
import { readFileSync } from 'node:fs';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { fixableErrorMessage, parseCommandLine, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { resolveOwner } from './resolve-owner.ts';
import { parseConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openJournalDatabase, storeLabel } from '../db/open-journal.ts';
import { createJournalOperations, JOURNAL_ROOT_ID } from '../journal/journal-operations.ts';
import { localDay } from '../journal/dates/local-moment.ts';
import { createLogger, errorMessage } from '../logger.ts';
import { serverInstructions } from '../mcp/instructions.ts';
import { createObjectsServer } from '../mcp/objects-server.ts';

const USAGE = 'Usage: npm run -s mcp -- [--owner <telegram user id>]   (an MCP server on stdio; see README "Use it from Claude Desktop / Claude Code")';

const packageVersion = (): string => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv, USAGE, { owner: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  const logger = createLogger();
  // The server only reads the journal (and keeps handles): a mistyped DATABASE_PATH must not create an empty one.
  const db = openJournalDatabase(config, { mustExist: true });
  let ownerId: number;
  try {
    await migrateToLatest(db);
    ownerId = await resolveOwner(db, values.owner, config.allowedUserIds);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const clock = () => new Date();
  // The same zone and day start as the bot and the CLI: "today" is one day whichever surface asks.
  const operations = createJournalOperations(db, ownerId, { clock, timeZone: config.journalTimezone, dayStartsAt: config.journalDayStartsAt });
  const rootIds = [JOURNAL_ROOT_ID];
  const instructions = await serverInstructions(operations, rootIds);
  const version = packageVersion();
  const served = serveStdio(
    () =>
      createObjectsServer({
        operations,
        instructions,
        rootIds,
        today: () => localDay(clock(), config.journalTimezone, config.journalDayStartsAt),
        logger,
        version,
      }),
    { onerror: (error) => logger.error('mcp.transport_error', { error: errorMessage(error) }) },
  );
  logger.info('mcp.started', { owner_id: ownerId, database: storeLabel(config) });

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    await served.close().catch(() => undefined);
    await db.destroy();
    logger.info('mcp.stopped', { why });
  };
  // The client ends a stdio session by closing our stdin.
  process.stdin.once('end', () => void stop('stdin closed'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal).then(() => process.exit(0)));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(fixableErrorMessage(error) ?? `npm run mcp stopped: ${errorMessage(error)}`);
  process.exit(1);
});
