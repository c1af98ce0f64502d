/**
 * npm run -s mcp -- [--owner <telegram user id>]: the journal's objects as an MCP server over stdio.
 * Stdout carries only JSON-RPC; every log line and fault goes to stderr.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { OwnerError, resolveOwner } from './resolve-owner.ts';
import { parseConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { createJournalOperations, JOURNAL_ROOT_ID } from '../journal/journal-operations.ts';
import { localMoment } from '../journal/local-day.ts';
import { createLogger, errorMessage } from '../logger.ts';
import { serverInstructions } from '../mcp/instructions.ts';
import { createObjectsServer } from '../mcp/objects-server.ts';

const USAGE = 'Usage: npm run -s mcp -- [--owner <telegram user id>]   (an MCP server on stdio; see README "Use it from Claude Desktop / Claude Code")';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseOptions(argv: string[]): { owner?: string } {
  try {
    const { values } = parseArgs({ args: argv, options: { owner: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) fail(USAGE);
    return { owner: values.owner };
  } catch (error) {
    fail(`${errorMessage(error).replace(/^\w+[^:]*: /, '')}\n${USAGE}`);
  }
}

const packageVersion = (): string => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function main(): Promise<void> {
  const { owner } = parseOptions(process.argv.slice(2));
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  const logger = createLogger();
  const db = openDatabase(config.databasePath);
  await migrateToLatest(db);
  const ownerId = await resolveOwner(db, owner, config.allowedUserIds).catch(async (error: unknown) => {
    await db.destroy();
    if (error instanceof OwnerError) fail(error.message);
    throw error;
  });
  const clock = () => new Date();
  const operations = createJournalOperations(db, ownerId, { clock });
  const rootIds = [JOURNAL_ROOT_ID];
  const instructions = await serverInstructions(operations, rootIds);
  const version = packageVersion();
  const served = serveStdio(
    () =>
      createObjectsServer({
        operations,
        instructions,
        rootIds,
        today: () => localMoment(clock(), config.journalTimezone).day,
        logger,
        version,
      }),
    { onerror: (error) => logger.error('mcp.transport_error', { error: errorMessage(error) }) },
  );
  logger.info('mcp.started', { owner_id: ownerId, database: config.databasePath });

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

main().catch((error: unknown) => {
  console.error(`npm run mcp stopped: ${errorMessage(error)}`);
  process.exit(1);
});
