/** The media line of every import's summary (Telegram's, other apps', the journal's own export). */
import { plural } from '../journal/plural.ts';

/** "Media: 3 files kept in the journal; 2 not in the export (labels only)." — or nothing when the import had none. */
export function mediaLine(counts: { mediaKept: number; mediaMissing: number }): string | null {
  if (counts.mediaKept === 0 && counts.mediaMissing === 0) return null;
  const missing = counts.mediaMissing ? `; ${counts.mediaMissing} without a file (kept as labels only)` : '';
  return `Media: ${plural(counts.mediaKept, 'file')} kept in the journal${missing}.`;
}
