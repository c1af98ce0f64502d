/**
 * npm run demo: rebuilds a generated demo journal at DATABASE_PATH (default data/demo.sqlite) and prints the
 * classic trace, analyzeObject → getDateRangeView → getDayCount, to show that no entry crosses over. No keys, no network.
 */
import { existsSync, rmSync } from 'node:fs';
import { parseCommandLine, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { parseConfig } from '../config/config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { JournalKeyError } from '../db/database-file-error.ts';
import { openDatabase } from '../db/sqlite/open-database.ts';
import type { JournalDb } from '../db/journal-database.ts';
import { addDemoExtras, DEMO_PHOTO_COUNT, DEMO_TRIP, withJournalsAndPlaces } from '../demo/demo-extras.ts';
import {
  allEntryTexts,
  DEMO_JOURNAL,
  foreignEntryCount,
  generateJournalRows,
  insertEntryRows,
  markAsDemoDatabase,
} from '../demo/demo-journal.ts';
import { DEMO_DATABASE_PATH } from '../demo/demo-path.ts';
import { seededRandom } from '../demo/demo-text.ts';
import { createJournalOperations } from '../journal/journal-operations.ts';
import { formatInterface } from '../objects/format-interface.ts';
import { errorMessage } from '../log/error-message.ts';

const DEMO_OWNER_ID = 1000;

/** The demo's own "now" (moods set, prompts added): fixed, so every build is the same. */
const BUILT_AT = new Date('2024-07-01T09:00:00Z');

class DemoError extends Error {}

async function assertSafeToRebuild(file: string, key: string | null): Promise<void> {
  if (!existsSync(file)) return;
  const db = openDatabase(file, { key });
  try {
    const entries = await foreignEntryCount(db);
    if (entries > 0) {
      throw new DemoError(
        `${file} holds a journal the demo did not build (${entries} entries), and the demo rebuilds its file from scratch. Unset DATABASE_PATH (the demo then uses ${DEMO_DATABASE_PATH}) or point it at a new file.`,
      );
    }
  } finally {
    await db.destroy();
  }
}

/** Handle ids shaped like UUIDs but repeatable, so the demo prints the same trace every run. */
function demoIds(seed: number): () => string {
  const random = seededRandom(seed);
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

async function rebuild(file: string, ownerId: number, timeZone: string, key: string | null): Promise<JournalDb> {
  await assertSafeToRebuild(file, key);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const db = openDatabase(file, { key });
  await migrateToLatest(db);
  await markAsDemoDatabase(db);
  await insertEntryRows(db, withJournalsAndPlaces(generateJournalRows({ ownerId, ...DEMO_JOURNAL, timeZone })));
  await addDemoExtras(db, ownerId, BUILT_AT, DEMO_JOURNAL.seed);
  return db;
}

async function trace(db: JournalDb, ownerId: number, file: string): Promise<void> {
  const ops = createJournalOperations(db, ownerId, {
    clock: () => new Date('2024-07-01T09:00:00Z'),
    newId: demoIds(DEMO_JOURNAL.seed),
  });
  const range = { startDate: '2024-04-01', endDate: '2024-04-30' };
  const iface = formatInterface(await ops.analyzeObject('journal'));
  const view = await ops.invokeMethod('journal', 'getDateRangeView', range);
  if (view.type !== 'object') throw new Error('getDateRangeView returned a value, not a handle');
  const days = await ops.invokeMethod(view.objId, 'getDayCount', {});
  const shown = [iface, JSON.stringify(view), JSON.stringify(days)].join('\n');
  const contents = await allEntryTexts(db, ownerId);
  const crossed = contents.filter((text) => shown.includes(text)).length;
  console.log(
    [
      `Demo journal: ${contents.length} generated entries of owner ${ownerId}, ${DEMO_JOURNAL.from} to ${DEMO_JOURNAL.to}, rebuilt at ${file}.`,
      '',
      '> analyzeObject("journal")',
      iface,
      '',
      `> invokeMethod("journal", "getDateRangeView", ${JSON.stringify(range)})`,
      JSON.stringify(view),
      '',
      `> invokeMethod("${view.objId}", "getDayCount", {})`,
      JSON.stringify(days),
      '',
      `Crossed over: an interface (${iface.length} characters), one handle and one number. Entries whose text appears above: ${crossed} of ${contents.length}.`,
      `Go on: DATABASE_PATH=${file} npm run journal -- invoke ${view.objId} getOverview '{"groupBy":"day"}'`,
      '',
      `The demo journal's owner is ${ownerId}: npm run journal, web and chat on ${file} take it from the file, whatever ALLOWED_USER_IDS says.`,
      `It has ${DEMO_PHOTO_COUNT} photos, a mood on most days, places, two prompts, and a second journal, ${DEMO_TRIP.journal} (${DEMO_TRIP.from} to ${DEMO_TRIP.to}).`,
      `See it: DATABASE_PATH=${file} npm run web`,
    ].join('\n'),
  );
}

const USAGE = `Usage: npm run demo
  Rebuilds a generated, deterministic ${DEMO_JOURNAL.entries}-entry journal at DATABASE_PATH (default ${DEMO_DATABASE_PATH}) and prints
  analyzeObject → getDateRangeView → getDayCount. It never overwrites a database it did not build.`;

try {
  if (parseCommandLine(process.argv.slice(2), USAGE, {}).positionals.length > 0)
    throw new UsageError(`npm run demo takes no arguments.\n${USAGE}`);
} catch (error) {
  console.error(errorMessage(error));
  process.exit(1);
}
const config = exitOnConfigError(() =>
  parseConfig(readEnvironment(), { databasePath: DEMO_DATABASE_PATH, timezone: 'UTC' }),
);
// The demo is a SQLite file of its own; with DATABASE_URL set the other commands would read PostgreSQL instead.
if (config.databaseUrl) {
  console.error(
    `Note: DATABASE_URL is set, but the demo is always a SQLite journal (${config.databasePath}); run npm run journal or chat on it without DATABASE_URL.`,
  );
}
const ownerId = config.allowedUserIds.length === 1 ? config.allowedUserIds[0]! : DEMO_OWNER_ID;
try {
  const db = await rebuild(config.databasePath, ownerId, config.journalTimezone, config.journalKey);
  try {
    await trace(db, ownerId, config.databasePath);
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(
    error instanceof DemoError || error instanceof JournalKeyError
      ? error.message
      : `The demo failed: ${errorMessage(error)}`,
  );
  process.exitCode = 1;
}
