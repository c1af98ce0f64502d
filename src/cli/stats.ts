/**
 * npm run stats -- [--year <YYYY>] [--journal <name>] --out <file.png> [--owner <id>]: the /stats picture of one's
 * own journal, drawn offline into a PNG file (the last 12 months, or one year). No Telegram, no network.
 */
import { writeFileSync } from 'node:fs';
import { parseConfig } from '../config/config.ts';
import { journalSettings } from '../config/derived-settings.ts';
import { openExistingJournal } from '../db/open-journal.ts';
import { journalToday } from '../journal/journal-operations.ts';
import { emptyStatsText, statsPicture, type StatsPeriod } from '../stats/stats-picture.ts';
import { fromInvocationDir, parseCommandLine, runMain, UsageError } from './command-line.ts';
import { readEnvironment } from './environment.ts';
import { exitOnConfigError } from './exit-on-config-error.ts';
import { resolveOwner } from './resolve-owner.ts';

const USAGE = `Usage: npm run stats -- [--year <YYYY>] [--journal <name>] [--owner <telegram user id>] --out <file.png>
  Draws the stats picture of the journal at DATABASE_PATH (or DATABASE_URL), as /stats sends it, into a PNG file:
  the last 12 months, or --year's. --journal draws one journal's entries (its stored name; "" the main one).`;

async function main(): Promise<number> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), USAGE, {
    year: { type: 'string' },
    out: { type: 'string' },
    owner: { type: 'string' },
    journal: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".\n${USAGE}`);
  if (!values.out) throw new UsageError(`Where should the picture go? Pass --out <file.png>.\n${USAGE}`);
  if (values.year !== undefined && !/^\d{4}$/.test(values.year))
    throw new UsageError(`--year must be a year like 2024, got "${values.year}".\n${USAGE}`);
  const period: StatsPeriod =
    values.year === undefined ? { kind: 'last-12-months' } : { kind: 'year', year: Number(values.year) };
  const config = exitOnConfigError(() => parseConfig(readEnvironment()));
  const db = await openExistingJournal(config);
  try {
    const ownerId = await resolveOwner(db, values.owner, config.allowedUserIds);
    const picture = await statsPicture(db, ownerId, period, {
      today: journalToday(journalSettings(config)),
      ...(values.journal === undefined ? {} : { journal: values.journal }),
    });
    if (picture.type === 'empty') {
      console.error(emptyStatsText(picture, (year) => `--year ${year}`));
      return 1;
    }
    const file = fromInvocationDir(values.out);
    writeFileSync(file, picture.png);
    console.log(`${picture.caption}\nWritten to ${file}.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

runMain(main, 'npm run stats failed');
