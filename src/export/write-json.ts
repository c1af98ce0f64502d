/** The JSON export: the header keys, then one entry per line; split into whole exports when a part would be too big. */
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportedEntry, type ExportHeader } from './journal-export-format.ts';
import { PartedOutput, type ExportFile } from './parted-output.ts';
import { exportedMediaPaths } from './read-journal.ts';

export async function writeJsonExport(
  entries: AsyncIterable<ExportedEntry>,
  header: Omit<ExportHeader, 'format' | 'version' | 'part'>,
  pathOf: (part: number) => string,
  maxBytes?: number,
  /** Bytes an entry brings to its part besides its text (export-journal.ts `carriedBytes`). */
  carriedBytes?: (entry: ExportedEntry) => number,
): Promise<{ files: ExportFile[]; entries: number }> {
  const head = (part: number) => {
    const { moods, ...rest } = header;
    // Moods ride in the first part's header (each part is a whole export, and re-importing one twice adds nothing).
    const full: ExportHeader = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      ...rest,
      ...(part === 1 && moods?.length ? { moods } : {}),
      part,
    };
    // The format key first: that is how `npm run import` recognises the file (isJournalExport).
    return `${JSON.stringify(full).slice(0, -1)},"entries":[\n`;
  };
  const output = new PartedOutput({ pathOf, head, tail: '\n]}\n', separator: ',\n', maxBytes });
  let count = 0;
  for await (const entry of entries) {
    await output.add(JSON.stringify(entry), carriedBytes?.(entry) ?? 0, exportedMediaPaths(entry));
    count += 1;
  }
  return { files: await output.close(), entries: count };
}
