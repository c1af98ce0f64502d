/**
 * The folder Telegram Desktop writes (`ChatExport_2024-05-01/` or `DataExport_…/`): `result.json` with `photos/`,
 * `voice_messages/`, `files/`… beside it, given as the folder itself or the folder holding it (one level up, as an
 * unzipped download often is). Recognised by the file's content, not its name alone: a `result.json` that is not
 * Telegram's is no Telegram export.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { ImportError } from '../import-error.ts';

const RESULT = 'result.json';

/** True when the file begins like a Telegram Desktop export (its first keys). */
function looksLikeTelegram(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const head = buffer
      .subarray(0, readSync(fd, buffer, 0, buffer.length, 0))
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return /^\s*\{/.test(head) && /"(messages|chats|personal_information|left_chats|about)"\s*:/.test(head);
  } finally {
    closeSync(fd);
  }
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/**
 * The Telegram export's `result.json` in the folder (directly, or in one of its folders), or null when there is none.
 * Two exports one level down are refused, naming both: which one is meant is the person's to say.
 */
export function telegramExportIn(folder: string, name: string): string | null {
  const direct = path.join(folder, RESULT);
  if (isFile(direct)) return looksLikeTelegram(direct) ? direct : null;
  const below = readdirSync(folder, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => path.join(folder, d.name, RESULT))
    .filter((file) => isFile(file) && looksLikeTelegram(file))
    .sort();
  if (below.length > 1) {
    const names = below.map((file) => path.basename(path.dirname(file)));
    throw new ImportError(
      name,
      `holds ${below.length} Telegram exports (${names.join(', ')}): give the one to import, e.g. ${path.join(name, names[0]!)}.`,
    );
  }
  return below[0] ?? null;
}
