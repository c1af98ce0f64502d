/** The report of another app's import as a few lines a person reads (the Telegram one is import-summary.ts). */
import { plural } from '../../journal/plural.ts';
import { mediaLine } from '../media-summary.ts';
import { namedIds } from '../named-ids.ts';
import type { SourceReport } from './import-source.ts';
import { SOURCE_SKIP_REASONS, SOURCE_SKIP_TEXT, type SourceSkipReason } from './source-item.ts';

/** " (entry 2E54…)", " (entries a, b and 3 more)": the ids of a damage skip, the first few then a count. */
const skippedIds = (report: SourceReport, reason: SourceSkipReason): string =>
  namedIds(report.skippedIds[reason] ?? [], report.skipped[reason], { one: 'entry', many: 'entries' });

export function formatSourceSummary(report: SourceReport): string[] {
  const verb = report.dryRun ? 'would import' : report.interrupted ? 'stopped early: imported' : 'imported';
  const lines = [
    `${report.dryRun ? 'Dry run, nothing written. ' : ''}${report.label}: ${verb} ${plural(report.imported, 'entry', 'entries')}` +
      `${report.alreadyPresent ? `; ${report.alreadyPresent} already in the journal` : ''}` +
      `${report.revised ? ` (${report.revised} changed since: ${report.dryRun ? 'would be ' : ''}updated, earlier text kept as a revision)` : ''}` +
      ` (${plural(report.items, 'item')} read, ${report.seconds.toFixed(1)} s).`,
  ];
  const media = mediaLine(report);
  if (media) lines.push(media);
  const journals = Object.entries(report.journals);
  if (journals.length > 1 || (journals.length === 1 && report.app === 'dayone')) {
    lines.push(`Journals: ${journals.map(([name, n]) => `"${name}" ${plural(n, 'entry', 'entries')}`).join('; ')}.`);
  }
  const skipped = SOURCE_SKIP_REASONS.filter((r) => report.skipped[r] > 0);
  if (skipped.length) {
    const total = skipped.reduce((n, r) => n + report.skipped[r], 0);
    lines.push(
      `Skipped ${plural(total, 'item')}: ${skipped.map((r) => `${report.skipped[r]} ${SOURCE_SKIP_TEXT[r]}${skippedIds(report, r)}`).join(', ')}.`,
    );
  }
  if (report.interrupted) lines.push('Run the same import again to finish: nothing is imported twice.');
  return lines;
}
