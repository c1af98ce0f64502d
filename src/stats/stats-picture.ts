/** A stats picture for an owner and a period: a PNG and its caption, or a sentence when the period holds no entries. */
import type { JournalDb } from '../db/journal-database.ts';
import { readJournalStats, type StatsPeriod } from './journal-stats.ts';
import { renderPng } from './render-png.ts';
import { countByPeriod } from '../journal/views/entry-queries.ts';
import { meanMood, statsSvg } from './stats-svg.ts';

export type { StatsPeriod };

/**
 * `empty`: no entries in the period; `years` are the years that have some (oldest first), so the caller can name one
 * the way its surface asks for it (`/stats 2024`, `--year 2024`).
 */
export type StatsPicture =
  { type: 'picture'; png: Buffer; caption: string } | { type: 'empty'; text: string; years: string[] };

/** The empty period's sentence, with the years that have entries named in the caller's words (`--year 2024`). */
export function emptyStatsText(picture: { text: string; years: string[] }, asYear: (year: string) => string): string {
  if (picture.years.length === 0) return picture.text;
  const latest = picture.years.at(-1)!;
  const others = picture.years.length > 1 ? ` (years with entries: ${picture.years.join(', ')})` : '';
  return `${picture.text} Your entries are from another time: try ${asYear(latest)}${others}.`;
}

export interface StatsPictureOptions {
  /** The owner's local day now. */
  today: string;
  /** One journal alone (a stored name, journal/journal-names.ts); every journal when left out. */
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
  if (stats.entries === 0) {
    const all = options.journal === undefined ? {} : { journal: options.journal };
    const years = (await countByPeriod(db, ownerId, all, 'year')).map((g) => g.period);
    return { type: 'empty', text: `No entries ${periodWords(period)}, so there is nothing to picture yet.`, years };
  }
  const png = renderPng(statsSvg(stats));
  const mean = meanMood(stats);
  const mood =
    mean === null
      ? ''
      : `; mood ${mean.toFixed(1)} of 5 on ${stats.moods.size} ${stats.moods.size === 1 ? 'day' : 'days'}`;
  const caption = `${stats.entries} ${stats.entries === 1 ? 'entry' : 'entries'} on ${stats.days} ${stats.days === 1 ? 'day' : 'days'} ${periodWords(period)}; longest streak ${stats.streaks.longest}, current ${stats.streaks.current}${mood}.`;
  return { type: 'picture', png, caption };
}
