/**
 * Whose export a file is, read from its start: `personal_information.user_id` of a full-account export. Lets the first
 * import into an empty journal, with no owner configured, take the export's own account instead of demanding --owner.
 */
import { readExport } from './read-export.ts';

/** The account id, or null when the first chunk does not name one (a single chat's export, an unreadable file). */
export async function exportAccountId(file: string): Promise<number | null> {
  try {
    const { outline, batches } = readExport(file);
    // tdesktop writes personal_information before the chats: the first chunk has it when the file has it at all.
    for await (const _batch of batches) break;
    return outline.exporterId;
  } catch {
    return null; // the import itself reports what is wrong with the file
  }
}
