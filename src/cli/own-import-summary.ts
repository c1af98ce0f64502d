/**
 * The summary of an import of the journal's own JSON or Markdown export: what it brought (entries, media, moods,
 * prompts, journals) and what it skipped, each damaged entry or mood named. A moods-only import names its moods.
 */
import { moodEmoji } from '../journal/mood/mood.ts';
import { plural } from '../journal/plural.ts';
import { mediaLine } from '../importer/media-summary.ts';
import type { JournalImportReport } from '../export/exported-entry-writer.ts';

/** How many skipped items are named before the rest are counted. */
const NAMED = 20;
/** How many moods are named before the rest are counted. */
const MOODS_NAMED = 10;

export function formatOwnImportSummary(report: JournalImportReport, format: 'JSON' | 'Markdown'): string {
  const lines = [
    `Imported ${report.imported} of ${report.entries} entries from the journal's ${format} export into user ${report.ownerId}'s journal; ${report.alreadyPresent} already there.`,
  ];
  const media = mediaLine(report);
  if (media) lines.push(media);
  if (report.moods.length > 0) {
    const named = report.moods.slice(0, MOODS_NAMED).map((m) => `${m.day} ${moodEmoji(m.mood)}`);
    const rest = report.moods.length - named.length;
    lines.push(
      `Moods: ${plural(report.moods.length, 'day')} set (${named.join(', ')}${rest > 0 ? `, and ${rest} more` : ''}).`,
    );
  }
  if (report.prompts > 0)
    lines.push(`Prompts: ${plural(report.prompts, 'entry', 'entries')} kept the prompt they answered.`);
  const journals = Object.entries(report.journals).filter(([name]) => name !== '');
  if (journals.length > 0) {
    const main = report.journals[''] ?? 0;
    lines.push(
      `Journals: ${[...(main ? [`the main journal ${plural(main, 'entry', 'entries')}`] : []), ...journals.map(([name, n]) => `"${name}" ${plural(n, 'entry', 'entries')}`)].join('; ')}.`,
    );
  }
  const skipped = report.damaged.length;
  if (skipped > 0) {
    const more = skipped > NAMED ? `; … (${skipped - NAMED} more)` : '';
    lines.push(
      `Skipped ${skipped} damaged ${skipped === 1 ? 'item' : 'items'}: ${report.damaged.slice(0, NAMED).join('; ')}${more}.`,
    );
  }
  return lines.join('\n');
}
