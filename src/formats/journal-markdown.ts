/**
 * The journal's own Markdown export, the parts its writer (export/write-markdown.ts, export/markdown-entry-block.ts)
 * and its readers (export/import-markdown-export.ts, field by field; importer/sources/own-markdown-export.ts, by its
 * headings) both name: the front matter's fields, a day's heading and an entry's.
 */

/** Front matter fields: the first day and the export's instant mark the file; the clock its days were computed with. */
export const MARKDOWN_FIELDS = {
  dateFrom: 'date_from',
  exported: 'exported',
  timeZone: 'time_zone',
  dayStartsAt: 'day_starts_at',
} as const;

/** A day's heading: `## 2024-04-15 Monday`. */
export const dayHeading = (day: string, weekday: string): string => `## ${day} ${weekday}`;
/** dayHeading read back: the day. */
export const DAY_HEADING = /^## (\d{4}-\d{2}-\d{2})(?: \w+)?$/;

/** Marks an entry edited since it was written, last in its heading. */
export const EDITED_MARK = 'edited';

/**
 * An entry's heading: `### 09:30 · photo · edited`, its own zone after the time when not the journal's
 * (`### 23:10 (Asia/Tokyo)`), then its medium's label and the edit mark.
 */
export const entryHeading = (time: string, zone: string | undefined, labels: readonly string[]): string =>
  `### ${[zone ? `${time} (${zone})` : time, ...labels].join(' · ')}`;
/** entryHeading read back: the time, the zone when named, and the labels after it (joined by ` · `). */
export const ENTRY_HEADING = /^### (\d{2}:\d{2})(?: \(([\w+-]+(?:\/[\w+-]+)*)\))?(?: · (.*))?$/;
export const HEADING_SEPARATOR = ' · ';
