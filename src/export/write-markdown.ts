/**
 * The Markdown export: one file per year (or one file), front matter with the dates and tags (Obsidian reads it),
 * a heading per day and one per entry with its time. Readable in any editor, and a backup: each entry carries every
 * field the journal keeps (markdown-entry-block.ts), so `npm run import` of it gives back the same journal.
 */
import type { ExportedEntry, ExportedMood } from './journal-export-format.ts';
import { PartedOutput, type ExportFile } from './parted-output.ts';
import { exportedMediaPaths, type YearSummary } from './read-journal.ts';
import { weekdayName as weekday } from '../journal/dates/calendar-day.ts';
import { utcYear } from '../journal/dates/instant-format.ts';
import { entryBlock, MARKDOWN_FORMAT, MARKDOWN_VERSION } from './markdown-entry-block.ts';
import { dayHeading, MARKDOWN_FIELDS } from '../formats/journal-markdown.ts';

/** YAML scalars: quoted as JSON, which YAML reads. */
const yaml = (value: string) => JSON.stringify(value);

function frontMatter(
  title: string,
  years: readonly YearSummary[],
  part: number,
  target: MarkdownTarget,
  moods: readonly ExportedMood[],
): string {
  const { exportedAt } = target;
  const tags = [...new Set(years.flatMap((y) => y.tags))];
  const lines = [
    '---',
    `title: ${yaml(title)}`,
    `${MARKDOWN_FIELDS.dateFrom}: ${years[0]?.firstDay ?? ''}`,
    `date_to: ${years.at(-1)?.lastDay ?? ''}`,
    `entries: ${years.reduce((n, y) => n + y.entries, 0)}`,
    `tags: [${tags.map(yaml).join(', ')}]`,
    `${MARKDOWN_FIELDS.exported}: ${exportedAt}`,
    `format: ${yaml(MARKDOWN_FORMAT)}`,
    `version: ${MARKDOWN_VERSION}`,
    ...(target.ownerId !== undefined ? [`owner_id: ${target.ownerId}`] : []),
    // What the headings' days and times were computed with: `npm run import` of this file reads them back.
    ...(target.timeZone ? [`${MARKDOWN_FIELDS.timeZone}: ${yaml(target.timeZone)}`] : []),
    ...(target.dayStartsAt ? [`${MARKDOWN_FIELDS.dayStartsAt}: ${yaml(target.dayStartsAt)}`] : []),
    ...(part > 1 ? [`part: ${part}`] : []),
    // The moods of the days this file covers (JSON, which YAML reads too), in its first part.
    ...(part === 1 && moods.length > 0 ? [`moods: ${JSON.stringify(moods)}`] : []),
    '---',
    '',
    `# ${title}${part > 1 ? ` (part ${part})` : ''}`,
    '',
  ];
  return lines.join('\n');
}

export interface MarkdownTarget {
  /** One file per year (`2024.md` …) or everything in one file. */
  perYear: boolean;
  /** The file of a year (or of everything, year `all`), part n. */
  pathOf(year: string, part: number): string;
  maxBytes?: number;
  exportedAt: string;
  /** JOURNAL_TIMEZONE and JOURNAL_DAY_STARTS_AT, written to the front matter. */
  timeZone?: string;
  dayStartsAt?: string;
  /** Whose journal it is: `npm run import` of the file imports into that owner's journal unless told otherwise. */
  ownerId?: number;
  /** The owner's moods (/mood), one per day, oldest first. */
  moods?: readonly ExportedMood[];
  /** Bytes an entry brings to its part besides its text (export-journal.ts `carriedBytes`). */
  carriedBytes?: (entry: ExportedEntry) => number;
}

export async function writeMarkdownExport(
  entries: AsyncIterable<ExportedEntry>,
  years: readonly YearSummary[],
  target: MarkdownTarget,
): Promise<{ files: ExportFile[]; entries: number }> {
  const files: ExportFile[] = [];
  let output: PartedOutput | null = null;
  let currentFile: string | null = null;
  let lastDay: string | null = null;
  let count = 0;
  // Per year, each file carries its year's moods; the first also those of years without entries (they have no file).
  // Without entries the one file written carries them all: moods alone are still part of the journal.
  const firstYear = years[0]?.year;
  const moodsOf = (year: string): readonly ExportedMood[] =>
    !target.perYear || firstYear === undefined
      ? (target.moods ?? [])
      : (target.moods ?? []).filter(
          (m) => m.day.startsWith(year) || (year === firstYear && !years.some((y) => m.day.startsWith(y.year))),
        );
  const open = (year: string) => {
    const covered = target.perYear ? years.filter((y) => y.year === year) : years;
    const title = target.perYear ? `Journal ${year}` : 'Journal';
    return new PartedOutput({
      pathOf: (part) => target.pathOf(target.perYear ? year : 'all', part),
      head: (part) => frontMatter(title, covered, part, target, moodsOf(year)),
      tail: '',
      separator: '\n',
      maxBytes: target.maxBytes,
    });
  };
  for await (const entry of entries) {
    const year = target.perYear ? entry.local_day.slice(0, 4) : 'all';
    if (year !== currentFile) {
      if (output) files.push(...(await output.close()));
      output = open(year);
      currentFile = year;
      lastDay = null;
    }
    const heading = entry.local_day !== lastDay ? `${dayHeading(entry.local_day, weekday(entry.local_day))}\n\n` : '';
    await output!.add(
      heading + entryBlock(entry, target.timeZone),
      target.carriedBytes?.(entry) ?? 0,
      exportedMediaPaths(entry),
    );
    lastDay = entry.local_day;
    count += 1;
  }
  if (!output) output = open(target.perYear ? utcYear(new Date(target.exportedAt)) : 'all');
  files.push(...(await output.close()));
  return { files, entries: count };
}
