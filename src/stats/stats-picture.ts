/** A stats picture for an owner and a period: a PNG and its caption, or a sentence when the period holds no entries. */
import type { JournalDb } from '../db/open-database.ts';
import { readJournalStats, type StatsPeriod } from './journal-stats.ts';
import { renderPng } from './render-png.ts';
import { meanMood, statsSvg } from './stats-svg.ts';

export type { StatsPeriod };

export type StatsPicture = { type: 'picture'; png: Buffer; caption: string } | { type: 'empty'; text: string };

export interface StatsPictureOptions {
  /** The owner's local day now. */
  today: string;
  /** One journal alone (a stored name, journal/journals/journal-names.ts); every journal when left out. */
  journal?: string;
}

function periodWords(period: StatsPeriod): string {
  if (period.kind === 'year') return `in ${period.year}`;
  if (period.kind === 'week') return 'this week';
  return 'in the last 12 months';
}

export async function statsPicture(
  db: JournalDb,
  ownerId: number,
  period: StatsPeriod,
  options: StatsPictureOptions,
): Promise<StatsPicture> {
  const stats = await readJournalStats(db, ownerId, period, options.today, options.journal);
  if (stats.entries === 0)
    return { type: 'empty', text: `No entries ${periodWords(period)}, so there is nothing to picture yet.` };
  const png = renderPng(statsSvg(stats));
  const mean = meanMood(stats);
  const mood =
    mean === null
      ? ''
      : `; mood ${mean.toFixed(1)} of 5 on ${stats.moods.size} ${stats.moods.size === 1 ? 'day' : 'days'}`;
  const caption = `${stats.entries} ${stats.entries === 1 ? 'entry' : 'entries'} on ${stats.days} ${stats.days === 1 ? 'day' : 'days'} ${periodWords(period)}; longest streak ${stats.streaks.longest}, current ${stats.streaks.current}${mood}.`;
  return { type: 'picture', png, caption };
}
